import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open';
import { query } from '../db/query';

/**
 * Site settings: one JSON value per key (site_settings), written by admins through a module's
 * acts, which validate the value with their own schema (core's admin.menu-items is
 * `menuItems`). A saved setting reaches every node's sockets as a push named after its key
 * (admin/site-events.ts, `notifySite(tx, { kind: 'setting', key })`).
 */

export async function readSetting(ex: Executor, key: string): Promise<unknown> {
  const [row] = await query<{ value: unknown }>(ex, sql`select value from site_settings where key = ${key}`);
  return row?.value;
}

export async function writeSetting(ex: Executor, key: string, value: unknown, by: string | null) {
  await ex.execute(sql`insert into site_settings (key, value, updated_by, updated_at)
    values (${key}, ${JSON.stringify(value)}::jsonb, ${by}, now())
    on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
}
