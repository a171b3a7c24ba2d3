import type { ItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import type { Item } from '../state/items';
import { isEmptyValue } from './display';
import { mayWriteProp } from './field-editors';
import { formProperties } from './form-model';

// The pure side of the record view (issue 13): which properties a person sees, which fold away
// as empty, and what the header shows. A field nobody may change (system-written) or only an
// admin may change is plumbing to everyone else ("Capabilities —", "Admin: No" on one's own User
// record), unless the type names it as a fact worth reading: a default header or a key fact
// (a user's e-mail, an attachment's size).

export type PropEntry = [name: string, prop: PropertyDef];

/** Whether this person sees the property on a record at all. */
export function isShownProp(type: ItemType, name: string, prop: PropertyDef, admin: boolean): boolean {
  if (mayWriteProp(prop, admin)) return true;
  return type.defaultHeaders.includes(name) || (type.keyFacts ?? []).includes(name);
}

export interface RecordFields {
  /** Fields with a value, in declaration order. */
  filled: PropEntry[];
  /** Empty fields this person could fill: folded behind "Show N empty fields". */
  empty: PropEntry[];
}

export interface RecordFieldsOptions {
  admin: boolean;
  /** The person may change the item (its $allowed.update). */
  editable: boolean;
  /** Properties a module's section shows itself. */
  omit?: readonly string[];
}

/**
 * The fields of the record's body. An empty field that this person cannot fill says nothing
 * and is left out; one they could fill is folded away.
 */
export function recordFields(type: ItemType, item: Item, o: RecordFieldsOptions): RecordFields {
  const out: RecordFields = { filled: [], empty: [] };
  for (const [name, prop] of formProperties(type)) {
    if (o.omit?.includes(name) || !isShownProp(type, name, prop, o.admin)) continue;
    if (!isEmptyValue(item[name])) out.filled.push([name, prop]);
    else if (o.editable && mayWriteProp(prop, o.admin)) out.empty.push([name, prop]);
  }
  return out;
}

/** The key facts the header shows: declared, visible to this person, with a value. */
export function headerFacts(type: ItemType, item: Item, admin: boolean): PropEntry[] {
  return (type.keyFacts ?? []).flatMap((name): PropEntry[] => {
    const prop = Object.hasOwn(type.allProperties, name) ? type.allProperties[name] : undefined;
    if (!prop || name === type.stateField || isEmptyValue(item[name])) return [];
    return isShownProp(type, name, prop, admin) ? [[name, prop]] : [];
  });
}

/** The value of the type's state enum, shown as a chip in the header; null without one. */
export function stateValue(type: ItemType, item: Item): string | null {
  if (!type.stateField) return null;
  const v = item[type.stateField];
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * Whether a key press in the record asks to edit it: E, without modifiers, with the focus on
 * the record itself and not in something that takes text.
 */
export function isEditShortcut(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: { tagName?: string; isContentEditable?: boolean; getAttribute?(n: string): string | null } | null;
}): boolean {
  if (e.key !== 'e' && e.key !== 'E') return false;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const tag = e.target?.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || e.target?.isContentEditable) return false;
  const role = e.target?.getAttribute?.('role');
  return role !== 'combobox' && role !== 'textbox';
}

/**
 * The fields of the whole-record edit form: those this person sees, less the system-written
 * ones that are still empty (they say nothing until the system writes them).
 */
export function editFields(
  type: ItemType,
  item: Item,
  o: { admin: boolean; omit?: readonly string[] },
): PropEntry[] {
  return formProperties(type).filter(
    ([name, prop]) =>
      !o.omit?.includes(name) &&
      isShownProp(type, name, prop, o.admin) &&
      (prop.write !== 'system' || !isEmptyValue(item[name])),
  );
}

/**
 * Whether a read-mode value holds no control of its own, so the whole value can be the button
 * that edits it; links and relation chips keep theirs, and get an Edit button beside them.
 */
export function isPlainValue(prop: PropertyDef): boolean {
  if (prop.kind === 'relation') return false;
  return !(prop.kind === 'string' && (prop.format === 'email' || prop.format === 'url'));
}

/** Long values (text, JSON) take the whole width of the grid. */
export function isWideValue(prop: PropertyDef): boolean {
  return (
    prop.kind === 'text' || prop.kind === 'json' || prop.kind === 'geometry' || prop.translations === true
  );
}
