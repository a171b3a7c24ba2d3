import type { TFunction } from 'i18next';
import type { PropertyDef } from '../../kernel/property';
import { humanize } from '../i18n/setup';

// Labels of the generic form: a translation when one exists, else the name made readable.

type T = TFunction;

export function propLabel(t: T, typeName: string, prop: string): string {
  if (prop === '$access') return t('item.access');
  if (prop === 'owner') return t('item.owner');
  return t(`types.${typeName}.${prop}`, { defaultValue: itemPropLabel(t, prop), nsSeparator: false });
}

/**
 * The name of a property every type has (a module's `itemProperties`, `$tkLabels`), from the
 * module's bundle (`itemProperties.<name>`), else the name made readable.
 */
export function itemPropLabel(t: T, prop: string): string {
  return t(`itemProperties.${prop}`, { defaultValue: humanize(prop), nsSeparator: false });
}

/** A value's name a module gives for one property (`values.<property>.<value>`), or null. */
export function propValueLabel(t: T, prop: string, value: string): string | null {
  const k = `values.${prop}.${value}`;
  const got = t(k, { defaultValue: k, nsSeparator: false });
  return got === k ? null : got;
}

export function enumLabel(t: T, value: string): string {
  return t(`enums.${value}`, { defaultValue: humanize(value), nsSeparator: false });
}

export function accessLabel(t: T, level: string): string {
  return t(`access.${level}`, { defaultValue: humanize(level) });
}

export function eventLabel(t: T, kind: string): string {
  return t(`item.events.${kind}`, { defaultValue: humanize(kind), nsSeparator: false });
}

/** Required for this user: true, or 'exceptAdmin' for non-admins (spec core §5). */
export function isRequired(p: PropertyDef, admin: boolean): boolean {
  return p.required === true || (p.required === 'exceptAdmin' && !admin);
}

/** Shown as text in an editable form: files (for now), system fields, admin fields for others. */
export function isReadOnlyProp(p: PropertyDef, admin: boolean): boolean {
  return p.kind === 'file' || p.write === 'system' || (p.write === 'admin' && !admin);
}
