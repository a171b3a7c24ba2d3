import { sql } from 'drizzle-orm';
import type { Registry } from '../../kernel/registry';
import type { Executor } from './open';
import { query } from './query';

// The narrow search table's `data` (migrations 0008, 0009; ADR 0004) holds the few keys of an
// item that a text search reads without opening `items`: the keys the read rule follows to a
// parent (`access.follows`, `access.recipientField`), the flags that hide an item from
// general search, and the facets every type has (modules' `itemProperties`). Those keys come from the registered types, so a module's type that follows its
// parent by a key of its own (ConsultResponseSection → `response`) needs it kept too. The
// function is made again here from the registry at start; when its keys changed, the rows
// whose copy differs are refreshed once, in the same transaction.

/** The data keys item_search keeps, from every registered type (sorted: a stable definition). */
export function searchDataKeys(registry: Registry): string[] {
  const keys = new Set<string>();
  for (const t of registry.types.values()) {
    if (t.access.follows) keys.add(t.access.follows);
    if (t.access.recipientField) keys.add(t.access.recipientField);
    for (const [k, p] of Object.entries(t.properties)) if (p.hideInGeneralSearch) keys.add(k);
  }
  // The facets every type has (manifest itemProperties: the Local Contexts labels): every search
  // asks for them, so a text search counting them still reads item_search alone.
  for (const [k, p] of registry.itemProperties) if (p.facet) keys.add(k);
  return [...keys].sort();
}

/** The function's body for these keys; keys are property names, checked before they reach DDL. */
export function searchDataBody(keys: readonly string[]): string {
  for (const k of keys)
    if (!/^[A-Za-z_$][A-Za-z0-9_.$]{0,99}$/.test(k))
      throw new Error(`search data key ${k}: not a property name`);
  const pairs = keys.map((k) => `'${k}', d->'${k}'`).join(', ');
  return ` SELECT jsonb_strip_nulls(jsonb_build_object(${pairs})) `;
}

/**
 * Makes `ckk_item_search_data` keep the registry's keys. A no-op when the stored definition is
 * already this one (every start but the first after a type changed); under an advisory lock, so
 * two nodes starting together do not both rewrite the table.
 */
export async function ensureSearchDataKeys(ex: Executor, registry: Registry): Promise<void> {
  const body = searchDataBody(searchDataKeys(registry));
  await ex.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ckk_search_data_keys'))`);
    const [fn] = await query<{ src: string }>(
      tx,
      sql`select prosrc as src from pg_proc where proname = 'ckk_item_search_data'`,
    );
    if (fn?.src === body) return;
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION ckk_item_search_data(d jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$${body}$$`),
    );
    await tx.execute(sql`update item_search s set data = ckk_item_search_data(i.data) from items i
      where s.id = i.id and s.data is distinct from ckk_item_search_data(i.data)`);
  });
}
