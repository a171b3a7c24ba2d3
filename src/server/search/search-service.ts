import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SEARCH_MAX } from '../../protocol/constants';
import { AppError } from '../../protocol/errors';
import {
  SearchQuery,
  TEXT_KEY,
  textTokens,
  type Clause,
  type FacetBucket,
  type SearchResult,
} from '../../protocol/query';
import { renderLabel } from '../../kernel/label';
import type { PropertyDef } from '../../kernel/property';
import { dateBands } from '../../protocol/date-bands';
import { parseNumberRange, SIZE_BANDS, sizeBandValue } from '../../protocol/files';
import type { Principal } from '../access/principal';
import { readableSql } from '../access/readable-sql';
import { query } from '../db/query';
import type { ItemService } from '../items/item-service';
import { assertKnownKey, facetValues, propertyOf, sortExpression, valueCondition } from './keys';

/** The most ids one search returns, whatever `max` asks: a query never scans without bound. */
export const SEARCH_HARD_LIMIT = 10_000;
const FACET_LIMIT = 200;

function tsQuery(values: readonly unknown[]): SQL | null {
  const words = values.flatMap((v) => (typeof v === 'string' ? textTokens(v) : []));
  if (words.length === 0) return null;
  // Every word must match, each as a prefix; accents and case never matter.
  const q = words.map((w) => `${w}:*`).join(' & ');
  return sql`to_tsquery('simple', ckk_unaccent(${q}))`;
}

/**
 * search/ids (spec core §3, §7): filters, full text, facets and labels, with the access policy
 * applied in SQL, so results, counts and labels only ever come from readable items.
 */
export class SearchService {
  constructor(private readonly items: ItemService) {}

  async search(p: Principal, body: unknown): Promise<SearchResult> {
    try {
      return await this.run(p, body);
    } catch (e) {
      // 57014: cancelled by the statement timeout. The person narrows the search; nothing else is wrong.
      if (
        (e as { cause?: { code?: string } }).cause?.code === '57014' ||
        (e as { code?: string }).code === '57014'
      )
        throw new AppError('queryTooBroad', 'the search ran too long; add words or filters');
      throw e;
    }
  }

  private async run(p: Principal, body: unknown): Promise<SearchResult> {
    const parsed = SearchQuery.safeParse(body ?? {});
    if (!parsed.success)
      throw new AppError(
        'invalidInput',
        `the query cannot be read: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    const q = parsed.data;
    const registry = this.items.registry;
    const types = (q.must?._t ?? []).filter((t): t is string => typeof t === 'string');
    for (const t of types) if (!registry.type(t)) throw new AppError('invalidInput', `unknown type ${t}`);
    const scope = types.length
      ? null
      : [...registry.types.values()].filter((t) => t.excludeGeneralSearch).map((t) => t.name);
    const text = tsQuery([...(q.must?.[TEXT_KEY] ?? []), ...(q.should?.[TEXT_KEY] ?? [])]);

    // The read rule is written only for the types this query can return.
    const reachable = types.length ? types : [...registry.types.keys()].filter((t) => !scope?.includes(t));
    const where: SQL[] = [readableSql(p, registry, 'i', reachable)];
    if (scope?.length)
      where.push(
        sql`i.type not in (${sql.join(
          scope.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
    where.push(this.queryCondition(q, types));
    if (q.excludeBlocked)
      where.push(sql`not exists (select 1 from credentials bc where bc.blocked
        and (bc.user_id = i.id or (i.type = 'Contact' and bc.user_id = i.data->>'user')))`);

    const max = Math.min(q.max ?? DEFAULT_SEARCH_MAX, SEARCH_HARD_LIMIT);
    const order = this.order(q, text);
    const filter = sql.join(where, sql` and `);
    // The page and the facets are independent queries: on PostgreSQL they run side by side.
    const [rows, facets] = await Promise.all([
      query<{ id: string; type: string; data: Record<string, unknown> | string; total: string | number }>(
        this.items.db,
        sql`select i.id, i.type, ${q.labels ? sql`i.data` : sql`null::jsonb as data`}, count(*) over () as total
          from items i where ${filter} order by ${order} limit ${max} offset ${q.offset ?? 0}`,
      ),
      this.facets(p, q.facets ?? [], types, filter),
    ]);
    const labels: Record<string, string> = {};
    if (q.labels) {
      for (const r of rows) {
        const t = registry.type(r.type);
        const data =
          typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : (r.data ?? {});
        labels[r.id] = t ? renderLabel(t, r.id, data) : r.id;
      }
    }
    const total = rows.length ? Number(rows[0]!.total) : (q.offset ?? 0) > 0 ? await this.count(filter) : 0;
    return { ids: rows.map((r) => r.id), labels, facets, total };
  }

  /** Counts per relative date band (spec core §3); each bucket's value filters by that band. */
  private async dateFacet(col: SQL, filter: SQL): Promise<FacetBucket[]> {
    const bands = dateBands();
    const cases = bands.map(
      (b, i) =>
        sql`count(*) filter (where ${col} >= ${b.from}::timestamptz and ${col} < ${b.to}::timestamptz) as ${sql.raw(`b${i}`)}`,
    );
    const [row] = await query<Record<string, string>>(
      this.items.db,
      sql`select ${sql.join(cases, sql`, `)} from items i where ${filter}`,
    );
    return bands
      .map((b, i) => ({ value: b.value, label: b.band, count: Number(row?.[`b${i}`] ?? 0) }))
      .filter((b) => b.count > 0);
  }

  /** Counts per file size band (spec core §3); each bucket's value "min..max" filters by it. */
  private async sizeFacet(key: string, filter: SQL): Promise<FacetBucket[]> {
    const col = sql`(case when jsonb_typeof(i.data->${key}) = 'number' then (i.data->>${key})::numeric end)`;
    const cases = SIZE_BANDS.map(
      (b, i) =>
        sql`count(*) filter (where ${col} >= ${b.min}${b.max === null ? sql`` : sql` and ${col} <= ${b.max}`}) as ${sql.raw(`b${i}`)}`,
    );
    const [row] = await query<Record<string, string>>(
      this.items.db,
      sql`select ${sql.join(cases, sql`, `)} from items i where ${filter}`,
    );
    return SIZE_BANDS.map((b, i) => ({
      value: sizeBandValue(b),
      label: b.band,
      count: Number(row?.[`b${i}`] ?? 0),
    })).filter((b) => b.count > 0);
  }

  private async count(filter: SQL): Promise<number> {
    const [r] = await query<{ n: string }>(
      this.items.db,
      sql`select count(*) as n from items i where ${filter}`,
    );
    return Number(r?.n ?? 0);
  }

  private clause(c: Clause | undefined, types: string[]): SQL[] {
    const out: SQL[] = [];
    for (const [key, values] of Object.entries(c ?? {})) {
      if (key === TEXT_KEY) {
        const ts = tsQuery(values);
        if (ts) out.push(sql`i.tsv @@ ${ts}`);
        continue;
      }
      assertKnownKey(this.items.registry, types.length ? types : null, key);
      if (values.length === 0) continue;
      const prop = propertyOf(this.items.registry, types.length ? types : null, key);
      if (prop?.kind === 'number') {
        out.push(
          sql`(${sql.join(
            values.map((v) => numberCondition(key, v)),
            sql` or `,
          )})`,
        );
        continue;
      }
      out.push(
        sql`(${sql.join(
          values.map((v) => valueCondition(key, v)),
          sql` or `,
        )})`,
      );
    }
    return out;
  }

  /** must: all; should: at least minShould; mustNot: none; subs: all; subsShould: any. */
  private queryCondition(q: SearchQuery, types: string[]): SQL {
    const parts: SQL[] = [...this.clause(q.must, types)];
    const should = this.clause(q.should, types);
    if (should.length) {
      const min = q.minShould ?? (parts.length || q.subs?.length ? 0 : 1);
      if (min > 0)
        parts.push(
          sql`(${sql.join(
            should.map((s) => sql`(case when ${s} then 1 else 0 end)`),
            sql` + `,
          )}) >= ${min}`,
        );
    }
    const not = this.clause(q.mustNot, types);
    if (not.length) parts.push(sql`not (${sql.join(not, sql` or `)})`);
    for (const sub of q.subs ?? []) parts.push(this.queryCondition(sub, types));
    if (q.subsShould?.length)
      parts.push(
        sql`(${sql.join(
          q.subsShould.map((s) => this.queryCondition(s, types)),
          sql` or `,
        )})`,
      );
    return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
  }

  private order(q: SearchQuery, text: SQL | null): SQL {
    const keys = q.sort?.length
      ? q.sort
      : text
        ? [{ key: '_score', order: 'desc' as const }]
        : [{ key: '_c.ts', order: 'desc' as const }];
    const parts = keys.map((s) => {
      const expr =
        s.key === '_score' ? (text ? sql`ts_rank(i.tsv, ${text})` : sql`0`) : sortExpression(s.key);
      return sql`${expr} ${s.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`}`;
    });
    parts.push(sql`i.id asc`); // a stable order for paging
    return sql.join(parts, sql`, `);
  }

  /** Term counts over readable items only; relation values are labelled only where readable. */
  private async facets(
    p: Principal,
    keys: string[],
    types: string[],
    filter: SQL,
  ): Promise<Record<string, FacetBucket[]>> {
    const scope = types.length ? types : null;
    for (const key of keys) assertKnownKey(this.items.registry, scope, key);
    const entries = await Promise.all(
      keys.map(async (key): Promise<[string, FacetBucket[]]> => {
        const prop = propertyOf(this.items.registry, scope, key);
        const dateCol = dateColumn(key, prop);
        if (dateCol) return [key, await this.dateFacet(dateCol, filter)];
        if (prop?.facet === 'sizeBands') return [key, await this.sizeFacet(key, filter)];
        const rows = await query<{ v: string | null; n: string }>(
          this.items.db,
          sql`select v, count(*) as n from (select ${facetValues(key, prop?.list === true)} as v from items i where ${filter}) f
            group by v order by count(*) desc, v asc limit ${FACET_LIMIT}`,
        );
        const buckets: FacetBucket[] = rows.map((r) => ({ value: r.v, count: Number(r.n) }));
        if (prop?.kind === 'relation' || key === 'owner' || key === '_c') {
          const labels = await this.items.labelsFor(
            p,
            rows.map((r) => r.v).filter((v): v is string => !!v),
          );
          for (const b of buckets)
            if (typeof b.value === 'string' && labels[b.value]) b.label = labels[b.value];
        }
        return [key, buckets];
      }),
    );
    return Object.fromEntries(entries);
  }
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

/** A number key's value: a literal, or "min..max" (inclusive, either side open) such as a size band. */
function numberCondition(key: string, value: string | number | boolean | null): SQL {
  const range = parseNumberRange(value);
  if (!range) return valueCondition(key, value);
  const col = sql`(case when jsonb_typeof(i.data->${key}) = 'number' then (i.data->>${key})::numeric end)`;
  const parts: SQL[] = [];
  if (range.min !== null) parts.push(sql`${col} >= ${range.min}`);
  if (range.max !== null) parts.push(sql`${col} <= ${range.max}`);
  return sql`(${sql.join(parts, sql` and `)})`;
}
