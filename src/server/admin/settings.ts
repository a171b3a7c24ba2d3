import { sql } from 'drizzle-orm';
// One schema for the stored setting and the menuItems acts: the core contract's.
import { MenuItems } from '../../modules/core/contract';
import type { Executor } from '../db/open';
import { query } from '../db/query';

/**
 * admin.menu-items: navigation entries the admin hid, and the order of the main entries. Paths
 * not named in `order` keep their manifest order after the named ones. Administration entries
 * are never hidden (the admin would lock themselves out of this very screen).
 */

export const MENU_ITEMS_KEY = 'menuItems';

export async function readSetting(ex: Executor, key: string): Promise<unknown> {
  const [row] = await query<{ value: unknown }>(ex, sql`select value from site_settings where key = ${key}`);
  return row?.value;
}

export async function writeSetting(ex: Executor, key: string, value: unknown, by: string | null) {
  await ex.execute(sql`insert into site_settings (key, value, updated_by, updated_at)
    values (${key}, ${JSON.stringify(value)}::jsonb, ${by}, now())
    on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
}

export async function readMenuItems(ex: Executor): Promise<MenuItems> {
  const r = MenuItems.safeParse(await readSetting(ex, MENU_ITEMS_KEY));
  return r.success ? r.data : { hidden: [], order: [] };
}
