import { readSetting, type Executor } from '../../../server/module-api';
import { MenuItems } from '../contract';

/**
 * admin.menu-items: navigation entries the admin hid, and the order of the main entries. Paths
 * not named in `order` keep their manifest order after the named ones. Administration entries
 * are never hidden (the admin would lock themselves out of this very screen). Stored as the site
 * setting `menuItems`, which is also the name of its push.
 */
export const MENU_ITEMS_KEY = 'menuItems';

export async function readMenuItems(ex: Executor): Promise<MenuItems> {
  const r = MenuItems.safeParse(await readSetting(ex, MENU_ITEMS_KEY));
  return r.success ? r.data : { hidden: [], order: [] };
}
