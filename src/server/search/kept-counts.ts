import { sql } from 'drizzle-orm';
import { dateBands } from '../../protocol/date-bands';
import type { Registry } from '../../kernel/registry';
import type { Principal } from '../access/principal';
import { readableSql } from '../access/readable-sql';
import type { Executor } from '../db/open';
import { parseJson, query, textArray } from '../db/query';
import { dayBand, FACET_LIMIT, facetsSql, readFacets, type FacetCounts, type FacetPlan } from './facet-sql';
import { cellCreator, TOTAL_FACET } from './kept-facets';

// The read side of the kept facet counts (kept-facets.ts). A reader's counts are the sum of the
// cells (type, owner, level, protocol set, and the creator where it matters) its read rule lets
// it read, the rule being the one policy's SQL form (readableSql) applied to the cell as to a row
// with no grant. What the reader may read only through a grant is not in any cell it reads;
// those few items are counted live, from items, and added. test/kept-facets.test.ts and the
// access matrix compare the sum with a live count for every principal.

/** A cell as a row the read rule can test: its creator where it matters (cellCreator), no grant's item. */
const CELLS = (type: string, keys: readonly string[]) =>
  sql`(select f.type, f.owner, f.access, f.protocols, f.protocol_strict, f.facet, f.value, f.n,
    false as deleted, f.created_by, null::text as id
    from facet_counts f where f.type = ${type} and f.facet = any(${textArray([TOTAL_FACET, ...keys])})) c`;

/** One search's question to the kept counts: who asks, of which type, for which facets. */
export interface KeptAsk {
  ex: Executor;
  registry: Registry;
  p: Principal;
  type: string;
  plans: readonly FacetPlan[];
  /** The reader's granted ids (grantedItemIds; the kept path is not taken when they are too many). */
  granted: readonly string[];
}

/** The read rule on a cell (alias `c`): as on an item, with the cell's creator and no grant. */
const cellRule = ({ p, registry, type }: KeptAsk) =>
  readableSql(p, registry, 'c', [type], { granted: [], typeIndexed: false });

/** Rows folded together when the rows a reader summed outnumber the sums by this much. */
const FOLD_AT = 2_000;

/**
 * The total and each facet's counts for a search of `type` alone (no words, no filter), from the
 * kept counts; null when the type does not keep them, or not every facet asked for. The counts
 * are in facetPlan's value space (a date facet's band numbers), unsorted and unlimited.
 */
export async function keptCounts(
  ask: KeptAsk,
  onFold: (type: string) => void,
): Promise<{ total: number; counts: FacetCounts[] } | null> {
  const { ex, type, plans } = ask;
  const keys = [...new Set(plans.map((f) => f.key))];
  const [row] = await query<{ kept: boolean | null; cells: unknown }>(
    ex,
    sql`select (select k.keys @> ${textArray(keys)} from facet_kept k where k.type = ${type}) as kept,
      (select coalesce(json_agg(json_build_array(g.facet, g.value, g.n, g.r)), '[]'::json) from (
        select c.facet, c.value, sum(c.n) as n, count(*) as r from ${CELLS(type, keys)}
        where ${cellRule(ask)} group by c.facet, c.value) g) as cells`,
  );
  if (!row?.kept) return null;
  const cells = (parseJson(row.cells) ?? []) as [string, string | null, number | string, number | string][];
  const byKey = new Map<string, Map<string | null, number>>();
  let rowsRead = 0;
  let total = 0;
  const bands = dateBands();
  for (const [facet, value, n, r] of cells) {
    rowsRead += Number(r);
    if (facet === TOTAL_FACET) {
      total += Number(n);
      continue;
    }
    // A date facet is kept by day; the reader sees it by band.
    const v = facet === '_c.ts' && value !== null ? dayBand(value, bands) : value;
    const counts = byKey.get(facet) ?? new Map<string | null, number>();
    counts.set(v, (counts.get(v) ?? 0) + Number(n));
    byKey.set(facet, counts);
  }
  if (rowsRead > 2 * cells.length + FOLD_AT) onFold(type);

  const own = await grantedCounts(ask);
  total += own.total;
  const counts = plans.map((f, n) => {
    const merged = new Map(byKey.get(f.key) ?? []);
    for (const [v, c] of own.counts[n] ?? []) merged.set(v, (merged.get(v) ?? 0) + c);
    return topBuckets(merged);
  });
  return { total, counts };
}

/**
 * The items the reader may read only through a grant: the read rule holds for the item, and not
 * for its cell. Counted live with the search's own facet SQL, by the granted ids (at most
 * GRANTED_LIST_MAX: with more, the search counts live altogether).
 */
async function grantedCounts(ask: KeptAsk): Promise<{ total: number; counts: FacetCounts[] }> {
  const { ex, registry, p, type, plans, granted } = ask;
  if (!p.userId || p.admin || granted.length === 0) return { total: 0, counts: [] };
  const m = sql.join([sql`i.id`, ...plans.map((f, n) => sql`${f.value} as ${sql.raw(`f${n}`)}`)], sql`, `);
  const [row] = await query<Record<string, unknown>>(
    ex,
    sql`with m as materialized (select ${m} from items i
        where i.id = any(${textArray(granted)}) and i.type = ${type} and not i.deleted
          and ${readableSql(p, registry, 'i', [type], { granted })}
          and not coalesce((select ${cellRule(ask)} from (select i.type, i.owner, i.access, i.protocols,
            i.protocol_strict, i.deleted, ${cellCreator('i')} as created_by, null::text as id) c), false))
      select ${facetsSql([...plans])}`,
  );
  return readFacets([...plans], row);
}

/** Most frequent first (ties by value, nulls last), at most FACET_LIMIT, none at zero. */
function topBuckets(counts: Map<string | null, number>): FacetCounts {
  return [...counts]
    .filter(([, n]) => n > 0)
    .sort(
      ([va, a], [vb, b]) => b - a || (va === null ? 1 : vb === null ? -1 : va < vb ? -1 : va > vb ? 1 : 0),
    )
    .slice(0, FACET_LIMIT);
}

/**
 * Folds a type's rows of +n and -n into one row per cell and value, in one transaction. A
 * write that commits meanwhile adds rows this fold does not see, and they stay. Nodes fold one at
 * a time (a try-lock: a fold that finds another running leaves it to that one).
 */
export async function foldKeptCounts(ex: Executor, type: string): Promise<void> {
  await ex.transaction(async (tx) => {
    const [lock] = await query<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('ckk_kept_facets_fold'), hashtext(${type})) as ok`,
    );
    if (!lock?.ok) return;
    await tx.execute(sql`with d as (delete from facet_counts where type = ${type} returning *)
      insert into facet_counts (type, owner, access, protocols, protocol_strict, created_by, facet, value, n)
      select type, owner, access, protocols, protocol_strict, created_by, facet, value, sum(n) from d
      group by type, owner, access, protocols, protocol_strict, created_by, facet, value having sum(n) <> 0`);
  });
}
