import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../protocol/errors';
import type { Registry } from '../../kernel/registry';
import { declaredProperty } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { parseBBoxValue } from '../../kernel/geometry';

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

/**
 * `$linked`: items holding a relation to the value (a row of `links` from the item to it), the
 * reverse of a relation property: "what points at this item" (an item's Related section). A
 * filter only: it is no facet and no sort (see assertFilterKey), and it goes through the same
 * search path as any key, so the read rule in SQL drops what the asker may not read.
 */
export const LINKED_KEY = '$linked';

export function assertKnownKey(registry: Registry, types: readonly string[] | null, key: string): void {
  if (COLUMN_KEYS.has(key) || key === '$text' || key === '_c.ts' || key === '_m.ts') return;
  const prop = propertyOf(registry, types, key);
  if (!prop) throw unknownKey(key);
  // A json value is the server's own structure, and some are judged again at every read (an
  // impact report's places, a response's research links): their stored form may name what the
  // reader is not shown. Filtering, counting or sorting by it would answer from that raw form.
  if (prop.kind === 'json') throw notSearchable(key);
}

/** A key that names structured data (kind json): no filter, facet or sort reads it. */
export function notSearchable(key: string): AppError {
  return new AppError('invalidInput', `${key} holds structured data and cannot be searched`, {
    fields: [{ path: key, key: 'errors.notSearchable' }],
  });
}

/**
 * `$bbox`: items whose geometry's bounding box (items.bbox, migration 0010) overlaps the value,
 * "west,south,east,north" (kernel/geometry.ts bboxSearchValue). The GiST index answers it; exact
 * shapes are the caller's to test (the spatial module, with @turf). A filter only, like $linked.
 */
export const BBOX_KEY = '$bbox';

/** A key a clause may filter by: any known key, `$linked` and `$bbox`. */
export function assertFilterKey(registry: Registry, types: readonly string[] | null, key: string): void {
  if (key === LINKED_KEY || key === BBOX_KEY) return;
  const base = targetTypeBase(key);
  if (base === null) return assertKnownKey(registry, types, key);
  if (propertyOf(registry, types, base)?.kind !== 'relation') throw unknownKey(key);
}

/**
 * `<relation>.$type`: items whose relation points at an item of the value's type (a thread whose
 * context is a Consultation). An id names its type (`Consultation-12`), so this reads only the
 * item's own stored value, which its reader already sees; the target is never opened. A filter
 * only, like $linked.
 */
export const TARGET_TYPE_SUFFIX = '.$type';

/** The relation a `.$type` key asks about, or null for any other key. */
export function targetTypeBase(key: string): string | null {
  return key.endsWith(TARGET_TYPE_SUFFIX) && key.length > TARGET_TYPE_SUFFIX.length
    ? key.slice(0, -TARGET_TYPE_SUFFIX.length)
    : null;
}

function targetTypeCondition(base: string, values: readonly (string | number | boolean | null)[]): SQL {
  const types = values.filter((v): v is string => typeof v === 'string');
  // A single relation is a string, a list one an array: both read as a set of ids.
  return sql`exists (select 1 from jsonb_array_elements_text(case jsonb_typeof(i.data->${base})
      when 'array' then i.data->${base} when 'string' then jsonb_build_array(i.data->${base}) else '[]'::jsonb end) e(v)
    where split_part(e.v, '-', 1) = any(${arrayLiteral(types)}::text[]))`;
}

function bboxCondition(value: string | number | boolean | null): SQL {
  const b = parseBBoxValue(value);
  if (!b)
    throw new AppError('invalidInput', `${BBOX_KEY} takes "west,south,east,north"`, {
      fields: [{ path: BBOX_KEY, key: 'errors.invalidValue' }],
    });
  return sql`i.bbox && box(point(${b[0]}, ${b[1]}), point(${b[2]}, ${b[3]}))`;
}

/** The error for a search key that names no column and no declared property. */
export function unknownKey(key: string): AppError {
  return new AppError('invalidInput', `unknown search key ${key}`, {
    fields: [{ path: key, key: 'errors.unknownField' }],
  });
}

/** The condition "key has this value", for one value. */
export function valueCondition(
  key: string,
  value: string | number | boolean | null,
  kind?: PropertyDef['kind'],
): SQL {
  const col = COLUMN_KEYS.get(key);
  if (col) return value === null ? sql`${col} is null` : sql`${col}::text = ${String(value)}`;
  // The links_to index finds the rows pointing at the value; `i.id` is in both row sources.
  if (key === LINKED_KEY)
    return sql`exists (select 1 from links l where l.to_id = ${String(value)} and l.from_id = i.id)`;
  if (key === BBOX_KEY) return bboxCondition(value);
  if (key === '_c.ts' || key === '_m.ts')
    return dateRange(key === '_c.ts' ? sql`i.created_at` : sql`i.updated_at`, value);
  if (value === null) return sql`(i.data->${key}) is null`;
  // A "from..to" value on a date property is a range (a date facet's bucket), not a literal. On
  // any other property it is text like any other: casting an e-mail address to a date would fail
  // the whole query (found by the fuzz). Only text shaped like a date is cast.
  if (isDatedKind(kind) && isDateRange(value))
    return dateRange(
      sql`(case when i.data->>${key} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then (i.data->>${key})::timestamptz end)`,
      value,
    );
  // jsonb containment matches a scalar, or an element of a list property.
  return sql`(i.data->${key}) @> ${JSON.stringify(value)}::jsonb`;
}

/**
 * From this many plain values on, a key's values are one array parameter tested with `= any(…)`,
 * which PostgreSQL hashes (from 9 elements), instead of one `or`-ed condition per value. At 100k
 * items on PGlite, 2,000 values `or`-ed took 20 s on a column and 70 s on a jsonb property; as an
 * array, 0.06 s. Below it, the plain conditions (and their plans) stay as they always were.
 */
export const VALUE_SET_FROM = 8;

/** The condition "key has one of these values" (jsonb containment semantics, as valueCondition). */
export function valuesCondition(
  key: string,
  values: readonly (string | number | boolean | null)[],
  kind?: PropertyDef['kind'],
): SQL {
  // Nulls, dates and date ranges keep their own conditions; the rest are plain literals.
  const dates = key === '_c.ts' || key === '_m.ts';
  const isOwn = (v: string | number | boolean | null) =>
    dates || v === null || (isDatedKind(kind) && isDateRange(v));
  const plain = values.filter((v) => !isOwn(v));
  const own = values.filter(isOwn);
  if (key === BBOX_KEY) return orOf(values.map(bboxCondition));
  const base = targetTypeBase(key);
  if (base !== null) return targetTypeCondition(base, values);
  if (key === LINKED_KEY)
    return values.length < VALUE_SET_FROM
      ? orOf(values.map((v) => valueCondition(key, v, kind)))
      : sql`exists (select 1 from links l where l.to_id = any(${arrayLiteral(values.map(String))}::text[]) and l.from_id = i.id)`;
  if (plain.length < VALUE_SET_FROM) return orOf(values.map((v) => valueCondition(key, v, kind)));
  const col = COLUMN_KEYS.get(key);
  const set = col
    ? sql`${col}::text = any(${arrayLiteral(plain.map(String))}::text[])`
    : // `@>` with a scalar: equal to a scalar value, or an element of a list value.
      sql`(case when jsonb_typeof(i.data->${key}) = 'array'
        then exists (select 1 from jsonb_array_elements(i.data->${key}) e(v) where e.v = any(${arrayLiteral(plain.map((v) => JSON.stringify(v)))}::jsonb[]))
        else (i.data->${key}) = any(${arrayLiteral(plain.map((v) => JSON.stringify(v)))}::jsonb[]) end)`;
  return orOf([set, ...own.map((v) => valueCondition(key, v, kind))]);
}

function isDatedKind(kind: PropertyDef['kind'] | undefined): boolean {
  return kind === 'date' || kind === 'dateTime';
}

function orOf(parts: SQL[]): SQL {
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** A PostgreSQL array literal of these strings, passed as one parameter. */
function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

function isDateRange(value: string | number | boolean | null): boolean {
  return typeof value === 'string' && DATE_RANGE.test(value) && value !== '..';
}
const DATE_RANGE = /^(\d{4}-[^.]*)?\.\.(\d{4}-.*)?$/;

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
