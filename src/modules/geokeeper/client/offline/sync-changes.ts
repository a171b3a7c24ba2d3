import type { LocalRecord, RecordFields } from './db';

// The held edits of a record: what differs between the fields the server held at the record's
// version (`base`) and the fields on the device, as applyGeoKeeperFieldDataEdits paths
// (docs/geokeeper.md "Held edits"). An answer is sent whole (a group or a repeat is one value at
// its top-level name), so the server's record and the device's agree after one apply.

export interface Change {
  path: string;
  value: unknown;
}

const SIMPLE: readonly (keyof RecordFields)[] = ['customLabel', 'spatial', 'categories', 'finalized'];

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The changes that turn `base` into `fields` (a removed value is sent as null). */
export function heldChanges(base: RecordFields, fields: RecordFields): Change[] {
  const out: Change[] = [];
  for (const key of SIMPLE)
    if (!same(base[key], fields[key])) out.push({ path: key, value: fields[key] ?? null });
  const names = new Set([...Object.keys(base.formData), ...Object.keys(fields.formData)]);
  for (const name of [...names].sort())
    if (!same(base.formData[name], fields.formData[name]))
      out.push({ path: `formInstance.formData.${name}`, value: fields.formData[name] ?? null });
  return out;
}

/** Whether a record has anything the server does not hold yet. */
export function hasHeldEdits(r: LocalRecord): boolean {
  if (!r.serverId) return true;
  return !!r.base && heldChanges(r.base, r.fields).length > 0;
}

/** The record's fields as a server item holds them (a create's answer, a conflict's `current`). */
export function fieldsOf(item: Record<string, unknown>): RecordFields {
  const inst = item.formInstance as { formData?: unknown } | undefined;
  const formData =
    inst && typeof inst.formData === 'object' && inst.formData !== null
      ? (inst.formData as Record<string, unknown>)
      : {};
  const out: RecordFields = { formData: structuredClone(formData) };
  if (typeof item.customLabel === 'string') out.customLabel = item.customLabel;
  if (item.spatial && typeof item.spatial === 'object') out.spatial = item.spatial as RecordFields['spatial'];
  if (Array.isArray(item.categories)) out.categories = item.categories as string[];
  if (typeof item.finalized === 'string') out.finalized = item.finalized;
  return out;
}
