import { sql, type SQL } from 'drizzle-orm';
import type { PropertyDef } from '../../kernel/property';
import { dateBands } from '../../protocol/date-bands';
import { SIZE_BANDS, sizeBandValue } from '../../protocol/files';
import type { FacetBucket } from '../../protocol/query';
import { parseJson } from '../db/query';
import { facetValues } from './keys';

/** The most buckets one term facet returns. */
export const FACET_LIMIT = 200;

/** A facet's counts as read back: [value, count], most frequent first. */
export type FacetCounts = [string | null, number][];

/**
 * One facet over the materialised match set `m`. Each matched row carries the facet's value as
 * column f{n} of `m`: a term, or the number of the date or size band it falls in (the bands do
 * not overlap). Single-valued facets are counted together in one pass (facetsSql); a list
 * property's values are carried as an array and unnested for a count of their own.
 */
export interface FacetPlan {
  key: string;
  /** The per-row expression over `items i`, carried in `m` as column f{n}. */
  value: SQL;
  list: boolean;
  read(counts: FacetCounts): FacetBucket[];
}

export function facetPlan(key: string, prop: PropertyDef | null): FacetPlan {
  const dateCol = dateColumn(key, prop);
  if (dateCol) {
    const bands = dateBands();
    return bandPlan(
      key,
      dateBandNumber(dateCol, bands),
      bands.map((b) => ({ value: b.value, label: b.band })),
    );
  }
  if (prop?.facet === 'sizeBands') {
    const col = sql`(case when jsonb_typeof(i.data->${key}) = 'number' then (i.data->>${key})::numeric end)`;
    return bandPlan(
      key,
      caseOf(
        SIZE_BANDS.map(
          (b) => sql`${col} >= ${b.min}${b.max === null ? sql`` : sql` and ${col} <= ${b.max}`}`,
        ),
      ),
      SIZE_BANDS.map((b) => ({ value: sizeBandValue(b), label: b.band })),
    );
  }
  const list = prop?.list === true;
  return {
    key,
    // A row without a list under the key carries null (no values when unnested) without running
    // the sub-select: most rows lack a list every type has (the Local Contexts labels), and the
    // sub-select on each of them cost a text search of 20,000 matches a third of its time.
    value: list
      ? sql`(case when jsonb_typeof(i.data->${key}) = 'array' then array(select ${facetValues(key, true)}) end)`
      : facetValues(key, false),
    list,
    read: (counts) => counts.map(([value, count]) => ({ value, count })),
  };
}

/**
 * The number of the date band a row falls in. The bands tile the time line, so the row's date is
 * compared with each boundary from the oldest on: most items are older than 180 days and are
 * placed after two comparisons instead of twenty (one pair per band, newest first).
 */
function dateBandNumber(col: SQL, bands: { from: string; to: string }[]): SQL {
  const order = bands.map((b, n) => ({ ...b, n })).sort((a, b) => a.from.localeCompare(b.from));
  const tiled = order.every((b, k) => k === 0 || order[k - 1]!.to === b.from);
  if (!tiled)
    return caseOf(bands.map((b) => sql`${col} >= ${b.from}::timestamptz and ${col} < ${b.to}::timestamptz`));
  return sql`(case when ${col} < ${order[0]!.from}::timestamptz then null ${sql.join(
    order.map((b) => sql`when ${col} < ${b.to}::timestamptz then ${sql.raw(String(b.n))}`),
    sql` `,
  )} end)`;
}

/** The number of the first condition that holds (null when none does). */
function caseOf(conditions: SQL[]): SQL {
  return sql`(case ${sql.join(
    conditions.map((c, n) => sql`when ${c} then ${sql.raw(String(n))}`),
    sql` `,
  )} end)`;
}

/** Counts per band; the row's value is its band's number (null outside every band). */
function bandPlan(key: string, value: SQL, buckets: { value: string; label: string }[]): FacetPlan {
  return {
    key,
    value,
    list: false,
    read: (counts) => {
      const byBand = new Map(counts.map(([v, n]) => [v, n]));
      return buckets
        .map((b, n) => ({ value: b.value, label: b.label, count: byBand.get(String(n)) ?? 0 }))
        .filter((b) => b.count > 0);
    },
  };
}

/**
 * The total and the counts of every facet, as columns `grouped` (JSON [[facet, value, count], …],
 * facet -1 being the total) and `l{n}` for each list facet. One pass over `m` counts all the
 * single-valued facets with GROUPING SETS instead of one scan and one sort per facet.
 */
export function facetsSql(plans: FacetPlan[]): SQL {
  const single = plans.map((p, n) => ({ p, col: sql.raw(`m.f${n}`), n })).filter((x) => !x.p.list);
  const which = single.length
    ? sql`case ${sql.join(
        single.map((x) => sql`when grouping(${x.col}) = 0 then ${sql.raw(String(x.n))}`),
        sql` `,
      )} else -1 end`
    : sql`-1`;
  const value = single.length
    ? sql`case ${sql.join(
        single.map((x) => sql`when grouping(${x.col}) = 0 then ${x.col}::text`),
        sql` `,
      )} end`
    : sql`null::text`;
  const sets = sql.join([...single.map((x) => sql`(${x.col})`), sql`()`], sql`, `);
  const grouped = sql`(select coalesce(json_agg(json_build_array(k, v, n) order by k, n desc, v), '[]'::json) from (
      select k, v, n, row_number() over (partition by k order by n desc, v asc) as rn from (
        select ${which} as k, ${value} as v, count(*) as n from m group by grouping sets (${sets})) g) r
      where rn <= ${FACET_LIMIT}) as grouped`;
  const lists = plans
    .map((p, n) => ({ p, n }))
    .filter((x) => x.p.list)
    .map(
      ({
        n,
      }) => sql`, (select coalesce(json_agg(json_build_array(v, c) order by c desc, v asc), '[]'::json) from
        (select v, count(*) as c from m cross join lateral unnest(${sql.raw(`m.f${n}`)}) as u(v)
         group by v order by count(*) desc, v asc limit ${FACET_LIMIT}) x) as ${sql.raw(`l${n}`)}`,
    );
  return sql.join([grouped, ...lists], sql``);
}

/** Splits facetsSql's reply into the total and each facet's counts. */
export function readFacets(
  plans: FacetPlan[],
  row: Record<string, unknown> | undefined,
): { total: number; counts: FacetCounts[] } {
  const grouped = (parseJson(row?.grouped) ?? []) as [number, string | null, number | string][];
  const counts: FacetCounts[] = plans.map(() => []);
  let total = 0;
  for (const [k, v, n] of grouped) {
    if (k === -1) total = Number(n);
    else counts[k]?.push([v, Number(n)]);
  }
  plans.forEach((p, n) => {
    if (p.list)
      counts[n] = ((parseJson(row?.[`l${n}`]) ?? []) as [string | null, number | string][]).map(([v, c]) => [
        v,
        Number(c),
      ]);
  });
  return { total, counts };
}

/** The SQL of a date facet key: the created and changed times, or a date / date-time property. */
function dateColumn(key: string, prop: PropertyDef | null): SQL | null {
  if (key === '_c.ts') return sql`i.created_at`;
  if (key === '_m.ts') return sql`i.updated_at`;
  if (prop?.kind === 'dateTime') return sql`(i.data->>${key})::timestamptz`;
  // Imprecise dates (a year or a month) have no band: only full dates are counted.
  if (prop?.kind === 'date')
    return sql`(case when length(i.data->>${key}) = 10 then (i.data->>${key})::date::timestamptz end)`;
  return null;
}

/**
 * A facet's value as the kept counts hold it (kept-facets.ts): only what does not change with
 * the clock. A term or a size band as facetPlan counts it; the created time as its day (UTC),
 * which the reader's date bands take apart at read time (dayBand). Null when the facet is not
 * kept: a date property (its text may not be a date, and a trigger that fails fails the write)
 * and the change time (every write moves it).
 */
export function keptValue(
  key: string,
  prop: PropertyDef | null,
): { value: SQL; list: boolean; day: boolean } | null {
  if (key === '_c.ts')
    return { value: sql`to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD')`, list: false, day: true };
  if (dateColumn(key, prop)) return null;
  const plan = facetPlan(key, prop);
  return { value: plan.value, list: plan.list, day: false };
}

/**
 * The number of the date band (dateBands' order, as dateBandNumber gives it) that a kept day
 * falls in; null outside every band. The bands start and end at midnight UTC, so a day is wholly
 * in one band or in none.
 */
export function dayBand(day: string, bands: readonly { from: string; to: string }[]): string | null {
  const at = `${day}T00:00:00.000Z`;
  const n = bands.findIndex((b) => b.from <= at && at < b.to);
  return n < 0 ? null : String(n);
}
