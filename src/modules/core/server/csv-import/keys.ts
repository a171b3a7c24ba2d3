import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Executor, query, textArray } from '../../../../server/module-api';

// How a re-run finds the item a row wrote before, so it updates instead of creating again:
//  - a key column mapped to a property: the type's live item (in the owner) whose property holds
//    the cell's value, e.g. a Contact's email;
//  - a key column not mapped: the old system's id, kept as an alias in `legacy_paths` (old-system
//    aliases → item ids), `csv:{type}:{owner}:{column}:{value}`;
//  - no key column: a hash of the row's mapped values, `csv-row:{type}:{owner}:{sha256}`, so the
//    same row read again is found (and left unchanged); a changed row is a new row.

export type KeyPlan =
  { by: 'property'; prop: string; column: string } | { by: 'alias'; column: string } | { by: 'hash' };

export function keyPlan(keyColumn: string | undefined, mapping: Readonly<Record<string, string>>): KeyPlan {
  if (!keyColumn) return { by: 'hash' };
  const prop = mapping[keyColumn];
  return prop ? { by: 'property', prop, column: keyColumn } : { by: 'alias', column: keyColumn };
}

/** Stable JSON (sorted keys), so equal data hashes equally whatever the column order. */
function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** The alias a row is remembered under (null for a property key: the item itself holds it). */
export function rowAlias(
  plan: KeyPlan,
  type: string,
  owner: string | null,
  keyValue: string,
  data: Record<string, unknown>,
): string | null {
  const scope = `${type}:${owner ?? '-'}`;
  if (plan.by === 'alias') return `csv:${scope}:${plan.column.toLowerCase()}:${keyValue}`;
  if (plan.by === 'hash')
    return `csv-row:${scope}:${createHash('sha256').update(stable(data)).digest('hex')}`;
  return null;
}

/** Alias → live item id, for the aliases of one batch (aliases of deleted items are no match). */
export async function findAliases(ex: Executor, aliases: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!aliases.length) return out;
  const rows = await query<{ alias: string; item_id: string }>(
    ex,
    sql`select l.alias, l.item_id from legacy_paths l join items i on i.id = l.item_id
        where l.alias = any(${textArray(aliases)}) and not i.deleted`,
  );
  for (const r of rows) out.set(r.alias, r.item_id);
  return out;
}

/** Property value → the live items of the type (in the owner, when known) holding it. */
export async function findByProperty(
  ex: Executor,
  type: string,
  prop: string,
  owner: string | null,
  values: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!values.length) return out;
  const rows = await query<{ id: string; v: string }>(
    ex,
    sql`select id, data->>${prop} as v from items
        where type = ${type} and not deleted and data->>${prop} = any(${textArray(values)})
        ${owner ? sql`and owner = ${owner}` : sql``} order by num`,
  );
  for (const r of rows) (out.get(r.v) ?? out.set(r.v, []).get(r.v)!).push(r.id);
  return out;
}

export async function rememberAlias(tx: Executor, alias: string, itemId: string): Promise<void> {
  await tx.execute(sql`insert into legacy_paths (alias, item_id) values (${alias}, ${itemId})
    on conflict (alias) do update set item_id = excluded.item_id`);
}
