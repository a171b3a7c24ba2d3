import { sql, type SQL } from 'drizzle-orm';
import type { PropertyDef } from '../../kernel/property';
import { dateBands } from '../../protocol/date-bands';
import { SIZE_BANDS, sizeBandValue } from '../../protocol/files';
import type { FacetBucket } from '../../protocol/query';
import { facetValues } from './keys';

/** The most buckets one term facet returns. */
export const FACET_LIMIT = 200;

/**
 * One facet over the materialised match set `m`: the value computed once per matched row (as
 * column `col` of `m`) and the aggregate that turns `m` into the facet's JSON. Term facets are
 * `[[value, count], …]`; date facets are `[count per band]`.
 */
export interface FacetPlan {
  key: string;
  /** The per-row expression over `items i`, carried in `m` as column f{n}. */
  value: SQL;
  /** The aggregate over `m`, read back as one JSON value. */
  aggregate(col: SQL): SQL;
  read(json: unknown): FacetBucket[];
}

export function facetPlan(key: string, prop: PropertyDef | null): FacetPlan {
  const dateCol = dateColumn(key, prop);
  if (dateCol) {
    const bands = dateBands();
    return {
      key,
      value: dateCol,
      aggregate: (col) =>
        sql`(select json_build_array(${sql.join(
          bands.map(
            (b) =>
              sql`count(*) filter (where ${col} >= ${b.from}::timestamptz and ${col} < ${b.to}::timestamptz)`,
          ),
          sql`, `,
        )}) from m)`,
      read: (json) => {
        const counts = (Array.isArray(json) ? json : []) as unknown[];
        return bands
          .map((b, i) => ({ value: b.value, label: b.band, count: Number(counts[i] ?? 0) }))
          .filter((b) => b.count > 0);
      },
    };
  }
  if (prop?.facet === 'sizeBands') return sizeBandPlan(key);
  const list = prop?.list === true;
  // A list property's values are carried as an array and unnested only for the count.
  const value = list ? sql`array(select ${facetValues(key, true)})` : facetValues(key, false);
  return {
    key,
    value,
    aggregate: (col) => {
      const source = list
        ? sql`m cross join lateral unnest(${col}) as u(v)`
        : sql`(select ${col} as v from m) u`;
      return sql`(select coalesce(json_agg(json_build_array(v, n)), '[]'::json) from
        (select v, count(*) as n from ${source} group by v order by count(*) desc, v asc limit ${FACET_LIMIT}) x)`;
    },
    read: (json) =>
      ((Array.isArray(json) ? json : []) as [string | null, number | string][]).map(([v, n]) => ({
        value: v,
        count: Number(n),
      })),
  };
}

/** Counts per file size band (spec core §3); each bucket's value "min..max" filters by it. */
function sizeBandPlan(key: string): FacetPlan {
  return {
    key,
    value: sql`(case when jsonb_typeof(i.data->${key}) = 'number' then (i.data->>${key})::numeric end)`,
    aggregate: (col) =>
      sql`(select json_build_array(${sql.join(
        SIZE_BANDS.map(
          (b) =>
            sql`count(*) filter (where ${col} >= ${b.min}${b.max === null ? sql`` : sql` and ${col} <= ${b.max}`})`,
        ),
        sql`, `,
      )}) from m)`,
    read: (json) => {
      const counts = (Array.isArray(json) ? json : []) as unknown[];
      return SIZE_BANDS.map((b, i) => ({
        value: sizeBandValue(b),
        label: b.band,
        count: Number(counts[i] ?? 0),
      })).filter((b) => b.count > 0);
    },
  };
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
