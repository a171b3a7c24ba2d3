import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Registry } from '../../../../kernel/registry';
import { type Executor, type Principal, query, readableSql, textArray } from '../../../../server/module-api';

// How a re-run finds the item a row wrote before, so it updates instead of creating again:
//  - a key column mapped to a property: the type's live item (in the owner) whose property holds
//    the cell's value, e.g. a Contact's email;
//  - a key column not mapped: the old system's id, kept as an alias in `legacy_paths` (old-system
//    aliases → item ids), `csv:{type}:{owner}:{column}:{value}`;
//  - no key column: a hash of the row's mapped values, `csv-row:{type}:{owner}:{sha256}`, so the
//    same row read again is found (and left unchanged); a changed row is a new row.
// Every look-up is the importer's, through the read rule in SQL: an item they may not read is no
// match, exactly as if it did not exist, so no outcome (created, updated, ambiguous) and no dry
// run tells them whether a hidden item holds a value (issue 36).

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

/** Who looks keys up: the importer, and the registry the read rule is written from. */
export interface KeyReader {
  p: Principal;
  registry: Registry;
}

/**
 * Alias → live item id the importer may read, for the aliases of one batch (aliases of deleted
 * or unreadable items are no match).
 */
export async function findAliases(
  ex: Executor,
  who: KeyReader,
  type: string,
  aliases: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!aliases.length) return out;
  const rows = await query<{ alias: string; item_id: string }>(
    ex,
    sql`select l.alias, l.item_id from legacy_paths l join items i on i.id = l.item_id
        where l.alias = any(${textArray(aliases)}) and ${readableSql(who.p, who.registry, 'i', [type])}`,
  );
  for (const r of rows) out.set(r.alias, r.item_id);
  return out;
}

/** Property value → the live items of the type (in the owner, when known) the importer may read holding it. */
export async function findByProperty(
  ex: Executor,
  who: KeyReader,
  type: string,
  prop: string,
  owner: string | null,
  values: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!values.length) return out;
  const rows = await query<{ id: string; v: string }>(
    ex,
    sql`select i.id, i.data->>${prop} as v from items i
        where i.type = ${type} and i.data->>${prop} = any(${textArray(values)})
        ${owner ? sql`and i.owner = ${owner}` : sql``} and ${readableSql(who.p, who.registry, 'i', [type])}
        order by i.num`,
  );
  for (const r of rows) (out.get(r.v) ?? out.set(r.v, []).get(r.v)!).push(r.id);
  return out;
}

/**
 * Remembers the row's new item under its alias. An alias is moved only off an item that is gone:
 * one still naming a live item the importer may not read (so it was no match) stays with it, so
 * that item's own readers keep finding it; the importer's new item goes unremembered, and their
 * re-run creates again, as it would were the hidden item not there at all.
 */
export async function rememberAlias(tx: Executor, alias: string, itemId: string): Promise<void> {
  await tx.execute(sql`insert into legacy_paths (alias, item_id) values (${alias}, ${itemId})
    on conflict (alias) do update set item_id = excluded.item_id
    where not exists (select 1 from items i where i.id = legacy_paths.item_id and not i.deleted)`);
}
