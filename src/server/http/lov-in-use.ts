import { sql, type SQL } from 'drizzle-orm';
import type { Registry } from '../../kernel/registry';
import type { Principal } from '../access/principal';
import { grantedItemIds, readableSql } from '../access/readable-sql';
import type { Executor } from '../db/open';
import { query, textArray } from '../db/query';

// A value of a list of values that the reader may not read by its own level, but that stands on
// an item the reader may read: a museum's curator reads the belonging Riverbend shared with the
// museum, whose type is Riverbend's `REGALIA` and whose workflow state is `RETURNED`. The key is
// on the item already; its label is the owner's wording of the same key, so it is given too (the
// record shows "Regalia", not the key). Values on no item the reader may read stay hidden.

/** The (type, property) pairs whose values come from `list`. */
function propertiesOf(registry: Registry, list: string): { type: string; prop: string }[] {
  const out: { type: string; prop: string }[] = [];
  for (const t of registry.types.values())
    for (const [prop, def] of Object.entries(t.allProperties))
      if (def.kind === 'lov' && def.lov === list) out.push({ type: t.name, prop });
  return out;
}

/**
 * The keys of `list` that stand on an item of one of `owners` that the principal may read, as
 * `owner → keys`. The read rule is the policy's SQL form, as in search.
 */
export async function lovKeysInUse(
  ex: Executor,
  registry: Registry,
  p: Principal,
  list: string,
  owners: readonly string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const props = propertiesOf(registry, list);
  if (!owners.length || !props.length) return out;
  const granted = await grantedItemIds(ex, p);
  const parts: SQL[] = props.map(({ type, prop }) => {
    // One key or a list of keys (`list: true`), as the item stores it.
    const v = sql`i.data -> ${prop}`;
    return sql`select distinct i.owner, k.key from items i
      cross join lateral jsonb_array_elements_text(
        case jsonb_typeof(${v}) when 'array' then ${v} when 'string' then jsonb_build_array(${v}) else '[]'::jsonb end
      ) as k(key)
      where i.type = ${type} and i.owner = any(${textArray([...owners])}) and not i.deleted
        and ${readableSql(p, registry, 'i', [type], { granted })}`;
  });
  const rows = await query<{ owner: string; key: string }>(ex, sql.join(parts, sql` union `));
  for (const r of rows) {
    let keys = out.get(r.owner);
    if (!keys) out.set(r.owner, (keys = new Set()));
    keys.add(r.key);
  }
  return out;
}
