import { centsToText, textToCents } from '../../kernel/money';
import { SYSTEM_KEYS } from '../../protocol/item';
import type { ItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { fromLocalInput, toLocalInput } from './format';

// The pure side of the generic item form: form values from an item, the item's data from form
// values, the diff an update sends, and the rebase that keeps a user's edits over a newer item.
// Form values are what the inputs hold (strings, booleans, string lists); the wire values are
// what the server stores. Diffs compare form values, so a round trip never invents a change.

export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;

/** The form's name for the visibility level (docs/protocol.md "Items on the wire"). */
export const ACCESS_FIELD = '$access';
/** The form's names for an item's cultural protocols (docs/access-model.md "Cultural protocols"). */
export const PROTOCOLS_FIELD = '$protocols';
export const PROTOCOLS_STRICT_FIELD = '$protocolsStrict';

/** How a property is edited. */
export type FieldShape = 'scalar' | 'list' | 'boolean' | 'relation' | 'relationList' | 'json';

export function fieldShape(p: PropertyDef): FieldShape {
  switch (p.kind) {
    case 'relation':
      return p.list ? 'relationList' : 'relation';
    case 'geometry':
    case 'json':
      return 'json';
    case 'boolean':
      return p.list ? 'json' : 'boolean';
    default:
      return p.list ? 'list' : 'scalar';
  }
}

/**
 * The properties the form shows, in declaration order. A type's own name for the visibility
 * level (LOVValue.access) is left out: the visibility select above the form is that value.
 */
export function formProperties(type: ItemType): [string, PropertyDef][] {
  return Object.entries(type.properties).filter(([k]) => k !== type.access.levelField);
}

function scalarToForm(p: PropertyDef, v: unknown): string {
  if (v === undefined || v === null) return '';
  if (p.money && typeof v === 'number' && Number.isInteger(v)) return centsToText(v);
  if (p.kind === 'dateTime' && typeof v === 'string') return toLocalInput(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function toFormValue(p: PropertyDef, v: unknown): FormValue {
  switch (fieldShape(p)) {
    case 'boolean':
      return v === true;
    case 'json':
      return v === undefined || v === null ? '' : JSON.stringify(v, null, 2);
    case 'list':
    case 'relationList': {
      const arr: unknown[] = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
      return arr.map((x) => scalarToForm(p, x));
    }
    default:
      return scalarToForm(p, v);
  }
}

export type Converted = { ok: true; value: unknown } | { ok: false; key: 'errors.invalidJsonText' };

const ok = (value: unknown): Converted => ({ ok: true, value });

/** Empty text is "no value"; numbers and date-times that do not parse stay text for the validator to name. */
function scalarFromForm(p: PropertyDef, s: string): unknown {
  if (s === '') return null;
  // Money is typed as "45.50" and kept as 4550 cents; what does not read as money stays text.
  if (p.money) return textToCents(s) ?? s;
  if (p.kind === 'number') {
    const t = s.trim();
    const n = Number(t);
    return t !== '' && Number.isFinite(n) ? n : s;
  }
  if (p.kind === 'dateTime') return fromLocalInput(s) ?? s;
  return s;
}

/** The wire value of a form value; null means "no value" (absent on the item). */
export function fromFormValue(p: PropertyDef, v: FormValue | undefined): Converted {
  switch (fieldShape(p)) {
    case 'boolean':
      return ok(v === true);
    case 'json': {
      const s = typeof v === 'string' ? v : '';
      if (s.trim() === '') return ok(null);
      try {
        return ok(JSON.parse(s) as unknown);
      } catch {
        return { ok: false, key: 'errors.invalidJsonText' };
      }
    }
    case 'list':
    case 'relationList': {
      const arr = (Array.isArray(v) ? v : []).map((x) => scalarFromForm(p, x)).filter((x) => x !== null);
      return ok(arr.length ? arr : null);
    }
    default:
      return ok(scalarFromForm(p, typeof v === 'string' ? v : v === undefined ? '' : String(v)));
  }
}

/**
 * The item a create form starts from: nothing saved yet (id 0, version 0), the type's default
 * visibility, no owner, and what the caller fills in already (`initial`, with its `$labels`).
 */
export function blankItem(
  type: ItemType,
  initial: Record<string, unknown> = {},
  labels: Record<string, string> = {},
): Record<string, unknown> & { $labels: Record<string, string> } {
  return {
    _t: type.name,
    _i: 0,
    $id: `${type.name}-0`,
    $version: 0,
    _u: 0,
    $access: type.access.defaultLevel,
    owner: null,
    _c: { ts: '' },
    ...initial,
    $labels: { ...labels },
  };
}

/** The form's values for an item: the visibility level plus every shown property. */
export function formDefaults(type: ItemType, item: Record<string, unknown>): FormValues {
  const out: FormValues = { [ACCESS_FIELD]: typeof item.$access === 'string' ? item.$access : '' };
  const protocols = item[PROTOCOLS_FIELD];
  out[PROTOCOLS_FIELD] = Array.isArray(protocols)
    ? protocols.filter((x): x is string => typeof x === 'string')
    : [];
  out[PROTOCOLS_STRICT_FIELD] = item[PROTOCOLS_STRICT_FIELD] === true;
  for (const [name, p] of formProperties(type)) out[name] = toFormValue(p, item[name]);
  return out;
}

export interface LocalFieldError {
  path: string;
  key: string;
  params?: Record<string, string | number>;
}

/**
 * The item's data as the validator sees it: empty values are absent. JSON that does not parse
 * is reported here (errors.invalidJsonText), since the validator never sees the text.
 */
export function toWireData(
  type: ItemType,
  values: FormValues,
): { data: Record<string, unknown>; errors: LocalFieldError[] } {
  const data: Record<string, unknown> = {};
  const errors: LocalFieldError[] = [];
  for (const [name, p] of formProperties(type)) {
    const c = fromFormValue(p, values[name]);
    if (!c.ok) errors.push({ path: name, key: c.key });
    else if (c.value !== null) data[name] = c.value;
  }
  return { data, errors };
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => valuesEqual(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => valuesEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}

/** The form fields whose values differ from the defaults, in form order. */
export function dirtyKeys(defaults: FormValues, values: FormValues): string[] {
  const keys = new Set([...Object.keys(defaults), ...Object.keys(values)]);
  return [...keys].filter((k) => !valuesEqual(defaults[k], values[k]));
}

/**
 * The fields an update sends: only those the user changed, as wire values; a removed value is
 * null. Values that do not convert (bad JSON) are left out; validation reports them first.
 */
export function changedFields(
  type: ItemType,
  defaults: FormValues,
  values: FormValues,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = new Map(formProperties(type));
  for (const k of dirtyKeys(defaults, values)) {
    if (k === ACCESS_FIELD) {
      const v = values[k];
      if (typeof v === 'string' && v !== '') out[k] = v;
      continue;
    }
    if (k === PROTOCOLS_FIELD || k === PROTOCOLS_STRICT_FIELD) {
      // Sent together: the server judges the restriction as one (none is an empty list).
      out[PROTOCOLS_FIELD] = values[PROTOCOLS_FIELD] ?? [];
      out[PROTOCOLS_STRICT_FIELD] = values[PROTOCOLS_STRICT_FIELD] === true;
      continue;
    }
    const p = props.get(k);
    if (!p) continue;
    const c = fromFormValue(p, values[k]);
    if (c.ok) out[k] = c.value;
  }
  return out;
}

/**
 * Rebases edits onto a newer item: a field the user has not touched (its value is still the old
 * default) takes the new default; a touched field keeps the user's value.
 */
export function rebase(oldDefaults: FormValues, newDefaults: FormValues, current: FormValues): FormValues {
  const out: FormValues = { ...newDefaults };
  for (const [k, v] of Object.entries(current)) {
    if (!valuesEqual(v, oldDefaults[k])) out[k] = v;
  }
  return out;
}

/**
 * One error per top-level field (the first wins): 'participants.2' belongs to participants.
 * Paths that are not form fields go to `other`.
 */
export function fieldErrorMap(
  errors: readonly LocalFieldError[],
  fields: ReadonlySet<string>,
): { byField: Record<string, LocalFieldError>; other: LocalFieldError[] } {
  const byField: Record<string, LocalFieldError> = {};
  const other: LocalFieldError[] = [];
  for (const e of errors) {
    const top = fields.has(e.path) ? e.path : (e.path.split('.')[0] ?? '');
    if (!fields.has(top)) other.push(e);
    else byField[top] ??= { ...e, path: top };
  }
  return { byField, other };
}

/** Keys the server owns; raw edit neither shows nor sends them. */
export const SERVER_KEYS = SYSTEM_KEYS;

/** The item's own data (with $access and owner) for the raw editor. */
export function rawData(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([k]) => !SERVER_KEYS.has(k)));
}

/** Top-level fields that differ between the raw data and its edit; removed fields are null. */
export function rawChanges(
  original: Record<string, unknown>,
  edited: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(edited)) {
    if (SERVER_KEYS.has(k)) continue;
    if (!valuesEqual(original[k], v)) out[k] = v;
  }
  for (const k of Object.keys(original)) if (!(k in edited) && original[k] !== null) out[k] = null;
  return out;
}

/** Parses the raw editor's text: an object, or the error key. */
export function parseRaw(text: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v))
      return { ok: true, value: v as Record<string, unknown> };
  } catch {
    /* not JSON */
  }
  return { ok: false };
}
