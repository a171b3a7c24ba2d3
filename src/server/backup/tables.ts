import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import type { MigrationLevel } from './manifest';

/**
 * Tables the database keeps by itself from others: item_search is the items' narrow copy, made
 * by a trigger on every insert (migration 0008); facet_counts and facet_kept are the kept facet
 * counts (migration 0015, search/kept-facets.ts), whose triggers the restore makes before the
 * items go in. A restore inserts the items and the triggers make the rest; backing them up as
 * well would only double the work.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(['item_search', 'facet_counts', 'facet_kept']);

/**
 * Tables of the moment, not of the record (migration 0014): large_replies holds replies for
 * minutes until their owner fetches them, upload_locks the locks of uploads being written. A
 * restore is no place to hand out the one or to hold the other.
 */
export const TRANSIENT_TABLES: ReadonlySet<string> = new Set(['large_replies', 'upload_locks']);

export interface TableShape {
  table: string;
  /** The columns a row is written with (generated ones are the database's to make). */
  columns: string[];
  /** Columns filled from a sequence (bigserial), whose sequence a restore moves past the rows. */
  serials: string[];
}

/** Every base table of the public schema but the derived ones, with its columns, by name. */
export async function backupTables(ex: Executor): Promise<TableShape[]> {
  const cols = await query<{ table_name: string; column_name: string; column_default: string | null }>(
    ex,
    sql`select c.table_name, c.column_name, c.column_default
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, TableShape>();
  for (const c of cols) {
    if (DERIVED_TABLES.has(c.table_name) || TRANSIENT_TABLES.has(c.table_name)) continue;
    let shape = byTable.get(c.table_name);
    if (!shape) byTable.set(c.table_name, (shape = { table: c.table_name, columns: [], serials: [] }));
    shape.columns.push(c.column_name);
    if (c.column_default?.startsWith('nextval(')) shape.serials.push(c.column_name);
  }
  return [...byTable.values()];
}

/** How far the schema's migrations have gone (drizzle's own record of them). */
export async function migrationLevel(ex: Executor): Promise<MigrationLevel> {
  const [r] = await query<{ n: number; last: string | null }>(
    ex,
    sql`select count(*)::int as n,
      (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last
      from drizzle.__drizzle_migrations`,
  );
  return { count: r?.n ?? 0, last: r?.last ?? null };
}

/** A table or column name as SQL (they come from the catalogue, quoted all the same). */
export const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
export const identList = (names: readonly string[]) => sql.join(names.map(ident), sql.raw(', '));
