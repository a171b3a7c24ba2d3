import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SEARCH_MAX } from '../../protocol/constants';
import { AppError } from '../../protocol/errors';
import {
  SearchQuery,
  searchQueryBounds,
  TEXT_KEY,
  textTokens,
  type Clause,
  type FacetBucket,
  type SearchResult,
} from '../../protocol/query';
import { renderLabel } from '../../kernel/label';
import type { Registry } from '../../kernel/registry';
import { parseNumberRange } from '../../protocol/files';
import type { Principal } from '../access/principal';
import { grantedItemIds, readableSql } from '../access/readable-sql';
import { parseJson, query, textArray } from '../db/query';
import type { ItemService } from '../items/item-service';
import { facetPlan, facetsSql, readFacets } from './facet-sql';
import { foldKeptCounts, keptCounts } from './kept-counts';
import {
  assertFilterKey,
  assertKnownKey,
  isSearchColumnKey,
  propertyOf,
  sortExpression,
  unknownKey,
  valueCondition,
  valuesCondition,
} from './keys';

/** The most ids one search returns, whatever `max` asks: a query never scans without bound. */
export const SEARCH_HARD_LIMIT = 10_000;

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
    return this.guard(() => this.run(p, body));
  }

  /**
   * The checks `search` makes of a query, without running it: an async export refuses a bad query
   * (invalidInput, unknown keys as errors.unknownField) before its Task exists. The filter is built
   * as `search` builds it, which is where keys and values are checked, and then dropped.
   */
  validate(body: unknown): SearchQuery {
    const { q, types } = this.parseQuery(body);
    this.queryCondition(q, types, sql`tsv`);
    return q;
  }

  /**
   * Reads and checks a query, before any SQL (the grants read included): its size on the raw
   * JSON first, so an oversized query never reaches the recursive schema; then its shape, its
   * types, and every key it names in clauses, facets and sort.
   */
  private parseQuery(body: unknown): { q: SearchQuery; types: string[] } {
    const problem = searchQueryBounds(body ?? {});
    if (problem?.kind === 'tooBroad')
      throw new AppError('queryTooBroad', `the query is too big: ${problem.message}`);
    if (problem?.kind === 'reservedKey') throw unknownKey(problem.key);
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
    const scopeTypes = types.length ? types : null;
    for (const key of queryKeys(q)) if (key !== TEXT_KEY) assertFilterKey(registry, scopeTypes, key);
    for (const key of q.facets ?? []) assertKnownKey(registry, scopeTypes, key);
    for (const o of q.sort ?? []) if (o.key !== '_score') assertKnownKey(registry, scopeTypes, o.key);
    return { q, types };
  }

  /**
   * Keyset paging for a module's stream (the map's streamFeatures): the ids of one page of the
   * query after the item `after`, in the order of the (type, num) index, which PostgreSQL walks
   * and stops after `max` matches. No total, no facets and no sort of every match, so the first
   * page of 100,000 matches costs what the last does (issue 15 benchmark: offset paging with a
   * total read every match for each page). The query's own sort, offset and facets are not used.
   * Server-side only; the same parse, checks and read rule as `search`.
   */
  async idsAfter(p: Principal, body: unknown, after: string | null): Promise<string[]> {
    const { q, filter, source } = await this.filterOf(p, body);
    const max = Math.min(q.max ?? DEFAULT_SEARCH_MAX, SEARCH_HARD_LIMIT);
    const dash = after ? after.lastIndexOf('-') : -1;
    const past =
      after && dash > 0
        ? sql`(i.type, i.num) > (${after.slice(0, dash)}::text, ${Number(after.slice(dash + 1))}::bigint)`
        : sql`true`;
    const rows = await this.guard(() =>
      query<{ id: string }>(
        this.items.db,
        sql`select i.id from ${source} where ${filter} and ${past} order by i.type, i.num limit ${max}`,
      ),
    );
    return rows.map((r) => r.id);
  }

  /** How many items a query matches that `p` may read (a stream's total), without a page. */
  async count(p: Principal, body: unknown): Promise<number> {
    const { filter, source } = await this.filterOf(p, body);
    const [row] = await this.guard(() =>
      query<{ n: number | string }>(this.items.db, sql`select count(*) as n from ${source} where ${filter}`),
    );
    return Number(row?.n ?? 0);
  }

  /** 57014: cancelled by the statement timeout. The person narrows the search; nothing else is wrong. */
  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (
        (e as { cause?: { code?: string } }).cause?.code === '57014' ||
        (e as { code?: string }).code === '57014'
      )
        throw new AppError('queryTooBroad', 'the search ran too long; add words or filters');
      throw e;
    }
  }

  /** A query's rows and filter: its checks, the read rule in SQL and every clause. */
  private async filterOf(p: Principal, body: unknown) {
    const { q, types } = this.parseQuery(body);
    const registry = this.items.registry;
    const scopeTypes = types.length ? types : null;
    const scope = types.length
      ? null
      : [...registry.types.values()].filter((t) => t.excludeGeneralSearch).map((t) => t.name);
    const text = tsQuery([...(q.must?.[TEXT_KEY] ?? []), ...(q.should?.[TEXT_KEY] ?? [])]);
    const hidden = hiddenFlags(registry);
    const { source, tsv, narrow } = rowSource(q, hidden, itemFacetKeys(registry));

    // The read rule is written only for the types this query can return.
    const reachable = types.length ? types : [...registry.types.keys()].filter((t) => !scope?.includes(t));
    const granted = await grantedItemIds(this.items.db, p);
    const where: SQL[] = [readableSql(p, registry, 'i', reachable, { granted, typeIndexed: !narrow })];
    // The read rule names only the reachable types, except an administrator's, which reads all.
    if (scope?.length && p.admin)
      where.push(
        sql`i.type not in (${sql.join(
          scope.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
    where.push(this.queryCondition(q, types, tsv));
    // General search leaves out what is flagged away (a file in the trash) unless the query asks
    // about that flag: the Attachments section and a type's list with the facet still show it.
    if (!types.length) {
      const named = new Set([...queryKeys(q), ...(q.facets ?? [])]);
      for (const h of hidden)
        if (!named.has(h.key))
          where.push(
            sql`not (i.type = any(${textArray(h.types)}) and coalesce((i.data->${h.key}) @> 'true'::jsonb, false))`,
          );
    }
    if (q.excludeBlocked) {
      // The blocked account's own item, and items declaring it as their account (accountField).
      const cards = [...registry.types.values()]
        .filter((t) => t.accountField)
        .map((t) => sql` or (i.type = ${t.name} and bc.user_id = i.data->>${t.accountField!})`);
      where.push(sql`not exists (select 1 from credentials bc where bc.blocked
        and (bc.user_id = i.id${sql.join(cards, sql``)}))`);
    }

    return { q, types, scopeTypes, text, tsv, source, granted, filter: sql.join(where, sql` and `) };
  }

  private async run(p: Principal, body: unknown): Promise<SearchResult> {
    const { q, types, scopeTypes, text, tsv, source, granted, filter } = await this.filterOf(p, body);
    const registry = this.items.registry;
    const max = Math.min(q.max ?? DEFAULT_SEARCH_MAX, SEARCH_HARD_LIMIT);
    const sorts = this.sorts(q, text, tsv);
    const plans = (q.facets ?? []).map((key) => facetPlan(key, propertyOf(registry, scopeTypes, key)));
    // One statement: the filter (text match and the long access rule) is evaluated once into a
    // materialised set, and the page, the total and every facet are read from it. Running them
    // as separate queries repeated the index and heap work per facet (issue 4 benchmark).
    const m = sql.join(
      [
        sql`i.id`,
        ...sorts.map((s, n) => sql`${s.expr} as ${sql.raw(`s${n}`)}`),
        ...plans.map((f, n) => sql`${f.value} as ${sql.raw(`f${n}`)}`),
      ],
      sql`, `,
    );
    const pageOrder = (a: string) =>
      sql.join(
        [
          ...sorts.map(
            (s, n) => sql`${sql.raw(`${a}.s${n}`)} ${s.desc ? sql`desc nulls last` : sql`asc nulls last`}`,
          ),
          sql`${sql.raw(a)}.id asc`, // a stable order for paging
        ],
        sql`, `,
      );
    // A type's list as it first opens (the type alone, its facets) sums the kept counts and
    // reads the page on its own, by the index its order has (kept-counts.ts).
    const kept =
      keptScope(q, types, registry) && granted !== null && plans.length
        ? await keptCounts({ ex: this.items.db, registry, p, type: types[0]!, plans, granted }, (t) =>
            this.fold(t),
          )
        : null;
    const [row] = kept
      ? await query<Record<string, unknown> & { page: unknown }>(
          this.items.db,
          sql`select coalesce(json_agg(json_build_array(p.id, p.type, p.data)), '[]'::json) as page from (
            select i.id, i.type, ${q.labels ? sql`i.data` : sql`null::jsonb`} as data from ${source} where ${filter}
            order by ${indexOrder(sorts)} limit ${max} offset ${q.offset ?? 0}) p`,
        )
      : await query<Record<string, unknown> & { page: unknown }>(
          this.items.db,
          // The page is a plain ORDER BY … LIMIT so PostgreSQL keeps only the top rows (a bounded
          // heap sort) instead of sorting every match for a row number.
          sql`with m as materialized (select ${m} from ${source} where ${filter})
        select (select coalesce(json_agg(json_build_array(p.id, p.type, ${q.labels ? sql`p.data` : sql`null`}) order by ${pageOrder('pg')}), '[]'::json)
            from (select m.* from m order by ${pageOrder('m')} limit ${max} offset ${q.offset ?? 0}) pg
            join items p on p.id = pg.id) as page,
          ${facetsSql(plans)}`,
        );
    const page = (parseJson(row?.page) ?? []) as [string, string, Record<string, unknown> | null][];
    const labels: Record<string, string> = {};
    if (q.labels) {
      for (const [id, type, data] of page) {
        const t = registry.type(type);
        labels[id] = t ? renderLabel(t, id, data ?? {}) : id;
      }
    }
    const { total, counts } = kept ?? readFacets(plans, row);
    const facets: Record<string, FacetBucket[]> = {};
    await Promise.all(
      plans.map(async (f, n) => {
        const buckets = f.read(counts[n] ?? []);
        const prop = propertyOf(registry, scopeTypes, f.key);
        if (prop?.kind === 'relation' || f.key === 'owner' || f.key === '_c') {
          // Relation values are labelled only where the reader may read the target.
          const names = await this.items.labelsFor(
            p,
            buckets.map((b) => b.value).filter((v): v is string => typeof v === 'string' && !!v),
          );
          for (const b of buckets)
            if (typeof b.value === 'string' && names[b.value]) b.label = names[b.value];
        }
        facets[f.key] = buckets;
      }),
    );
    return { ids: page.map(([id]) => id), labels, facets, total };
  }

  /** One fold of a type's kept counts at a time in this node, after the search that asked for it. */
  private folding = new Set<string>();
  private fold(type: string): void {
    if (this.folding.has(type)) return;
    this.folding.add(type);
    foldKeptCounts(this.items.db, type)
      .catch(() => undefined) // the next search asks again; the counts are right either way
      .finally(() => this.folding.delete(type));
  }

  private clause(c: Clause | undefined, types: string[], tsv: SQL): SQL[] {
    const out: SQL[] = [];
    for (const [key, values] of Object.entries(c ?? {})) {
      if (key === TEXT_KEY) {
        const ts = tsQuery(values);
        if (ts) out.push(sql`${tsv} @@ ${ts}`);
        continue;
      }
      assertFilterKey(this.items.registry, types.length ? types : null, key);
      if (values.length === 0) continue;
      const prop = propertyOf(this.items.registry, types.length ? types : null, key);
      if (prop?.kind === 'number') {
        // Ranges ("min..max") each need their own test; plain numbers are one set.
        const ranges = values.filter((v) => parseNumberRange(v));
        const plain = values.filter((v) => !parseNumberRange(v));
        out.push(
          sql`(${sql.join(
            [
              ...ranges.map((v) => numberCondition(key, v)),
              ...(plain.length ? [valuesCondition(key, plain)] : []),
            ],
            sql` or `,
          )})`,
        );
        continue;
      }
      out.push(valuesCondition(key, values, prop?.kind));
    }
    return out;
  }

  /** must: all; should: at least minShould; mustNot: none; subs: all; subsShould: any. */
  private queryCondition(q: SearchQuery, types: string[], tsv: SQL): SQL {
    const parts: SQL[] = [...this.clause(q.must, types, tsv)];
    const should = this.clause(q.should, types, tsv);
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
    const not = this.clause(q.mustNot, types, tsv);
    // A missing property makes its test NULL, and `not NULL` would drop the item: an item without
    // the value does not have it, so it stays (a thread never marked resolved is open).
    if (not.length) parts.push(sql`not coalesce((${sql.join(not, sql` or `)}), false)`);
    for (const sub of q.subs ?? []) parts.push(this.queryCondition(sub, types, tsv));
    if (q.subsShould?.length)
      parts.push(
        sql`(${sql.join(
          q.subsShould.map((s) => this.queryCondition(s, types, tsv)),
          sql` or `,
        )})`,
      );
    return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
  }

  private sorts(
    q: SearchQuery,
    text: SQL | null,
    tsv: SQL,
  ): { expr: SQL; desc: boolean; notNull: boolean }[] {
    const keys = q.sort?.length
      ? q.sort
      : text
        ? [{ key: '_score', order: 'desc' as const }]
        : [{ key: '_c.ts', order: 'desc' as const }];
    const scope = q.must?._t?.filter((t): t is string => typeof t === 'string') ?? [];
    // A property may sort by a stored key of its own (PropertyDef.sortBy: an alphabet's order).
    // Only when every listed type sorts that property by the same key: a general search mixes types.
    const sortKeyOf = (key: string) => {
      const by = new Set(scope.map((t) => propertyOf(this.items.registry, [t], key)?.sortBy));
      const [only] = by;
      return by.size === 1 && only ? only : key;
    };
    return keys.map((s) => ({
      expr:
        s.key === '_score'
          ? text
            ? sql`ts_rank(${tsv}, ${text})`
            : sql`0`
          : sortExpression(sortKeyOf(s.key)),
      desc: s.order !== 'asc',
      notNull: NOT_NULL_SORT_KEYS.has(s.key),
    }));
  }
}

/**
 * Where a search's rows come from. A text search reads the narrow copy `item_search` (migration
 * 0008) and, when nothing else it asks for is in item data, never opens the wide items rows: at
 * 1M items that halves the pages one common word visits (docs/adr/0004-narrow-search-table.md).
 * `tsv` is the text column to match, `narrow` whether only item_search is read.
 */
function rowSource(
  q: SearchQuery,
  hidden: HiddenFlag[],
  itemFacets: ReadonlySet<string>,
): { source: SQL; tsv: SQL; narrow: boolean } {
  const keys = queryKeys(q);
  if (!keys.has(TEXT_KEY)) return { source: sql`items i`, tsv: sql`s.tsv`, narrow: false };
  // The hiding flags and the facets every type has (the Local Contexts labels, asked by every
  // search) are in item_search.data too (db/search-data-keys.ts), so filtering or counting by
  // them stays narrow.
  const carried = (k: string) => isSearchColumnKey(k) || hidden.some((h) => h.key === k) || itemFacets.has(k);
  const narrow =
    !q.excludeBlocked &&
    [...keys].every((k) => k === TEXT_KEY || carried(k)) &&
    (q.sort ?? []).every((s) => s.key === '_score' || isSearchColumnKey(s.key)) &&
    (q.facets ?? []).every(carried);
  return narrow
    ? { source: sql`item_search i`, tsv: sql`i.tsv`, narrow }
    : { source: sql`items i join item_search s on s.id = i.id`, tsv: sql`s.tsv`, narrow };
}

interface HiddenFlag {
  key: string;
  types: string[];
}

/** The modules' item-wide properties that are facets (manifest itemProperties). */
function itemFacetKeys(registry: Registry): ReadonlySet<string> {
  return new Set([...registry.itemProperties].filter(([, p]) => p.facet).map(([k]) => k));
}

/** The properties declared hideInGeneralSearch, each with the types that declare it. */
function hiddenFlags(registry: Registry): HiddenFlag[] {
  const byKey = new Map<string, string[]>();
  for (const t of registry.types.values())
    for (const [key, prop] of Object.entries(t.properties))
      if (prop.hideInGeneralSearch) byKey.set(key, [...(byKey.get(key) ?? []), t.name]);
  return [...byKey].map(([key, types]) => ({ key, types }));
}

/** Every key a query filters by, in all its clauses and sub-queries. */
function queryKeys(q: SearchQuery, into = new Set<string>()): Set<string> {
  for (const c of [q.must, q.should, q.mustNot]) for (const k of Object.keys(c ?? {})) into.add(k);
  for (const sub of [...(q.subs ?? []), ...(q.subsShould ?? [])]) queryKeys(sub, into);
  return into;
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

/** Sort keys whose column is never null (items.created_at, updated_at, num). */
const NOT_NULL_SORT_KEYS: ReadonlySet<string> = new Set(['_c.ts', '_m.ts', '_i']);

/**
 * The query is a kept-counts type's list as it opens: that one type, no words, no filter. Then
 * every facet it asks for can be summed from the kept counts (kept-counts.ts).
 */
function keptScope(q: SearchQuery, types: string[], registry: Registry): boolean {
  if (types.length !== 1 || !registry.type(types[0]!)?.keepFacetCounts || q.excludeBlocked) return false;
  if (q.should || q.mustNot || q.subs?.length || q.subsShould?.length) return false;
  return Object.keys(q.must ?? {}).every((k) => k === '_t');
}

/**
 * The page's ORDER BY over items itself. A column that is never null (created, changed, number)
 * is ordered without `nulls last`, which PostgreSQL cannot read from a btree walked backwards: so
 * the newest 50 of 200,000 come from items_type_created, not from a sort of every match.
 */
function indexOrder(sorts: { expr: SQL; desc: boolean; notNull: boolean }[]): SQL {
  return sql.join(
    [
      ...sorts.map(
        (s) => sql`${s.expr} ${s.desc ? sql`desc` : sql`asc`}${s.notNull ? sql`` : sql` nulls last`}`,
      ),
      sql`i.id asc`,
    ],
    sql`, `,
  );
}
