import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { ItemType } from '../../kernel/item-type';
import type { Registry } from '../../kernel/registry';
import type { Executor } from '../db/open';
import { creatorMattersSql } from '../access/readable-sql';
import { query, textArray } from '../db/query';
import { keptValue } from './facet-sql';
import { propertyOf } from './keys';

// Facet counts kept ahead of time (migration 0015, issue 17). For each type that declares
// keepFacetCounts, triggers on items add, for every row written, +1 under each of the row's facet
// values in its cell (type, owner, level, protocol set, and the creator where it matters), and -1
// under the old row's:
// `facet_counts` holds the sums. The function is written here from the
// registry at start (it names the types and the SQL of each facet value, the same SQL a live
// count uses: facet-sql.ts), as db/search-data-keys.ts writes ckk_item_search_data. The read
// side is kept-counts.ts.

const FUNCTION = 'ckk_kept_facets';
/**
 * Row triggers, each with a WHEN on the row's type: a write of any other type never calls the
 * function (statement triggers with transition tables, tried first, cost every update of every
 * type ~10%: docs/adr/0010-kept-facet-counts.md).
 */
const TRIGGERS = [
  { name: 'items_kept_facets_insert', event: 'INSERT', rows: ['new'] },
  { name: 'items_kept_facets_update', event: 'UPDATE', rows: ['old', 'new'] },
  { name: 'items_kept_facets_delete', event: 'DELETE', rows: ['old'] },
] as const;
/** The total's row in facet_counts: every counted item once. */
export const TOTAL_FACET = '';

export interface KeptType {
  type: ItemType;
  /** The facets kept, sorted: the type's own, the owner, the level, the created day and every type's. */
  keys: string[];
}

/** The types that keep their facet counts, each with the keys kept. */
export function keptTypes(registry: Registry): KeptType[] {
  const everyType = [...registry.itemProperties].filter(([, p]) => p.facet).map(([k]) => k);
  return [...registry.types.values()]
    .filter((t) => t.keepFacetCounts)
    .map((type) => ({
      type,
      keys: [...new Set([...type.facets, 'owner', '$access', '_c.ts', ...everyType])]
        .filter((k) => keptValue(k, propertyOf(registry, [type.name], k)) !== null)
        .sort(),
    }));
}

const dialect = new PgDialect();
/** SQL as DDL text: a trigger's body takes no parameters. Keys are property names (registry-checked). */
const inline = (s: SQL) => dialect.sqlToQuery(s.inlineParams()).sql;

/** One row per facet value of the row `i` (a list's values each), the total's row first. */
function valuesOf(registry: Registry, kept: KeptType): SQL {
  const rows = [sql`select ${TOTAL_FACET}::text as facet, null::text as value`];
  for (const key of kept.keys) {
    const v = keptValue(key, propertyOf(registry, [kept.type.name], key))!;
    rows.push(
      v.list
        ? sql`select ${key}::text, u.v from unnest(${v.value}) as u(v)`
        : sql`select ${key}::text, (${v.value})::text`,
    );
  }
  return sql.join(rows, sql` union all `);
}

/**
 * The creator a cell is kept under: the row's, where being its creator can change the read rule's
 * answer (a PRIVATE, ownerless or protocol-restricted item: creatorMattersSql), else nobody. So
 * the rule, applied to the cell, decides for a creator as it does for the item, and an archivist's
 * own private entries (10,000 in the benchmark) are summed, not counted one by one.
 */
export const cellCreator = (a: string) => {
  const x = sql.raw(a);
  return sql`(case when ${creatorMattersSql(a)} then ${x}.created_by end)`;
};

/**
 * Adds the counts of `rows` (items rows with a column `d`, +1 or -1) to facet_counts. What
 * cancels out is not written: an edit of an entry's title adds no row at all.
 */
function addCounts(registry: Registry, kept: KeptType, rows: SQL): SQL {
  return sql`insert into facet_counts (type, owner, access, protocols, protocol_strict, created_by, facet, value, n)
    select i.type, i.owner, i.access, i.protocols, i.protocol_strict, ${cellCreator('i')}, f.facet, f.value, sum(i.d)
    from (${rows}) i cross join lateral (${valuesOf(registry, kept)}) f
    where i.type = ${kept.type.name} and not i.deleted
    group by i.type, i.owner, i.access, i.protocols, i.protocol_strict, ${cellCreator('i')}, f.facet, f.value
    having sum(i.d) <> 0`;
}

const NEW_ROWS = sql`select new.*, 1 as d`;
const OLD_ROWS = sql`select old.*, -1 as d`;

/** The trigger function's body, or null when no type keeps its counts. */
export function keptFacetsBody(registry: Registry): string | null {
  const kept = keptTypes(registry);
  if (kept.length === 0) return null;
  const each = (rows: SQL) => kept.map((k) => `    ${inline(addCounts(registry, k, rows))};`).join('\n');
  const body = `
BEGIN
  IF TG_OP = 'INSERT' THEN
${each(NEW_ROWS)}
  ELSIF TG_OP = 'DELETE' THEN
${each(OLD_ROWS)}
  ELSE
${each(sql`${OLD_ROWS} union all ${NEW_ROWS}`)}
  END IF;
  RETURN NULL;
END
`;
  if (body.includes('$ckk$')) throw new Error('kept facets: a key holds the function quote $ckk$');
  return body;
}

/**
 * Makes the triggers keep the registry's types and facets. A no-op when the stored function is
 * already this one (every start but the first after a type changed); else the counts are made
 * again from every item, in one transaction under an advisory lock. The triggers are made before
 * the count: making one locks items against writers until the commit, so the count sees every
 * write there is, and a write after it is counted by the triggers, never twice.
 */
export async function ensureKeptFacets(ex: Executor, registry: Registry): Promise<void> {
  const body = keptFacetsBody(registry);
  await ex.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ckk_kept_facets'))`);
    const [fn] = await query<{ src: string }>(
      tx,
      sql`select prosrc as src from pg_proc where proname = ${FUNCTION}`,
    );
    if ((fn?.src ?? null) === body) return;
    for (const t of TRIGGERS) await tx.execute(sql.raw(`drop trigger if exists ${t.name} on items`));
    await tx.execute(sql`delete from facet_counts`);
    await tx.execute(sql`delete from facet_kept`);
    if (body === null) {
      await tx.execute(sql.raw(`drop function if exists ${FUNCTION}()`));
      return;
    }
    await tx.execute(
      sql.raw(
        `create or replace function ${FUNCTION}() returns trigger language plpgsql as $ckk$${body}$ckk$`,
      ),
    );
    const types = keptTypes(registry)
      .map((k) => `'${k.type.name}'`)
      .join(', ');
    for (const t of TRIGGERS)
      await tx.execute(
        sql.raw(
          `create trigger ${t.name} after ${t.event} on items for each row
            when (${t.rows.map((r) => `${r}.type in (${types})`).join(' or ')}) execute function ${FUNCTION}()`,
        ),
      );
    for (const kept of keptTypes(registry)) {
      await tx.execute(
        addCounts(registry, kept, sql`select it.*, 1 as d from items it where it.type = ${kept.type.name}`),
      );
      await tx.execute(
        sql`insert into facet_kept (type, keys) values (${kept.type.name}, ${textArray(kept.keys)})`,
      );
    }
  });
}
