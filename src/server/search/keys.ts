import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../protocol/errors';
import type { Registry } from '../../kernel/registry';
import { declaredProperty } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';

/**
 * Keys that map onto columns rather than data. A Map, not an object literal: search keys come
 * from the asker, and `constructor` or `__proto__` must not find Object.prototype's members.
 */
const COLUMN_KEYS = new Map<string, SQL>([
  ['_t', sql`i.type`],
  ['_i', sql`i.num`],
  ['_c', sql`i.created_by`],
  ['owner', sql`i.owner`],
  ['$access', sql`i.access`],
  ['$id', sql`i.id`],
]);

/**
 * Keys the narrow search table `item_search` holds as columns (migration 0008): a text search
 * that filters, sorts and counts only by these reads that table alone and never opens items.
 */
export function isSearchColumnKey(key: string): boolean {
  return COLUMN_KEYS.has(key) || key === '_c.ts';
}

/** Finds a declared property of that name in the given types (or any type). */
export function propertyOf(
  registry: Registry,
  types: readonly string[] | null,
  key: string,
): PropertyDef | null {
  const pool = types?.length
    ? types.map((t) => registry.type(t)).filter((t) => t !== undefined)
    : [...registry.types.values()];
  for (const t of pool) {
    const p = declaredProperty(t, key);
    if (p) return p;
  }
  return null;
}

export function assertKnownKey(registry: Registry, types: readonly string[] | null, key: string): void {
  if (COLUMN_KEYS.has(key) || key === '$text' || key === '_c.ts' || key === '_m.ts') return;
  if (!propertyOf(registry, types, key)) throw unknownKey(key);
}

/** The error for a search key that names no column and no declared property. */
export function unknownKey(key: string): AppError {
  return new AppError('invalidInput', `unknown search key ${key}`, {
    fields: [{ path: key, key: 'errors.unknownField' }],
  });
}

/** The condition "key has this value", for one value. */
export function valueCondition(key: string, value: string | number | boolean | null): SQL {
  const col = COLUMN_KEYS.get(key);
  if (col) return value === null ? sql`${col} is null` : sql`${col}::text = ${String(value)}`;
  if (key === '_c.ts' || key === '_m.ts')
    return dateRange(key === '_c.ts' ? sql`i.created_at` : sql`i.updated_at`, value);
  if (value === null) return sql`(i.data->${key}) is null`;
  // A "from..to" value on a date property is a range (a date facet's bucket), not a literal.
  if (typeof value === 'string' && /^(\d{4}-[^.]*)?\.\.(\d{4}-.*)?$/.test(value) && value !== '..')
    return dateRange(
      sql`(case when length(i.data->>${key}) >= 10 then (i.data->>${key})::timestamptz end)`,
      value,
    );
  // jsonb containment matches a scalar, or an element of a list property.
  return sql`(i.data->${key}) @> ${JSON.stringify(value)}::jsonb`;
}

/** `from..to` (either side may be empty), ISO dates or date-times; `to` is exclusive. */
function dateRange(col: SQL, value: string | number | boolean | null): SQL {
  if (typeof value !== 'string' || !value.includes('..'))
    throw new AppError('invalidInput', 'a date key takes "from..to"');
  const [from, to] = value.split('..', 2) as [string, string];
  const parts: SQL[] = [];
  for (const [v, op] of [
    [from, sql`>=`],
    [to, sql`<`],
  ] as const) {
    if (!v) continue;
    if (Number.isNaN(Date.parse(v))) throw new AppError('invalidInput', `not a date: ${v}`);
    parts.push(sql`${col} ${op} ${new Date(v).toISOString()}::timestamptz`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** The SQL to sort by a key. */
export function sortExpression(key: string): SQL {
  if (key === '_c.ts') return sql`i.created_at`;
  if (key === '_m.ts') return sql`i.updated_at`;
  if (key === '_i') return sql`i.num`;
  const col = COLUMN_KEYS.get(key);
  if (col) return col;
  return sql`lower(i.data->>${key})`;
}

/** A facet's values: one row per value, list properties unnested. */
export function facetValues(key: string, list: boolean): SQL {
  const col = COLUMN_KEYS.get(key);
  if (col) return sql`${col}::text`;
  if (list)
    return sql`jsonb_array_elements_text(case when jsonb_typeof(i.data->${key}) = 'array' then i.data->${key} else '[]'::jsonb end)`;
  return sql`i.data->>${key}`;
}
