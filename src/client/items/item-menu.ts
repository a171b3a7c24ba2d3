import type { ItemType } from '../../kernel/item-type';
import type { ClientModule, ItemMenuEntry } from '../module-api';
import type { Item } from '../state/items';
import type { UserSession } from '../state/socket-client';
import { collectById } from './item-sections';

// The item cell's menu (spec core §2 "Layout") as data: what it offers for an item, from the
// type's declaration (`history`, `notifyPrefs`), the user, and the entries the loaded client
// halves register. useItemMenu.ts turns it into the cell's menu.

/** The generic form's own dialogs, or a module's entry. */
export type ItemDialog = 'meta' | 'timeline' | 'raw' | 'notify' | { entry: ItemMenuEntry };

export interface ItemMenuLine {
  key: string;
  labelKey: string;
  /** The dialog it opens, or the result-list step it takes. */
  action: { dialog: ItemDialog } | { go: 'previous' | 'next' };
}

const menuCache = new WeakMap<readonly ClientModule[], readonly ItemMenuEntry[]>();

/** The item menu entries of the loaded halves, in module order; ids unique. */
export function itemMenuOf(modules: readonly ClientModule[]): readonly ItemMenuEntry[] {
  let got = menuCache.get(modules);
  if (!got) {
    got = [
      ...collectById(modules, 'item menu entry', (m) => (m.itemMenu ?? []).map((e) => [e.id, e])).values(),
    ];
    menuCache.set(modules, got);
  }
  return got;
}

/**
 * Details and History for users with a valid token (History and the notification preference
 * where the type offers them), Edit raw data for admins and masquerading users, then the
 * modules' entries that apply, then previous/next result when the item was opened from a list.
 */
export function itemMenuLines(o: {
  item: Item;
  type: ItemType;
  user: UserSession | null;
  entries: readonly ItemMenuEntry[];
  inResults: boolean;
}): ItemMenuLine[] {
  const { item, type, user } = o;
  const lines: ItemMenuLine[] = [];
  if (user) {
    lines.push({ key: 'meta', labelKey: 'item.meta', action: { dialog: 'meta' } });
    if (type.history !== false)
      lines.push({ key: 'timeline', labelKey: 'item.timeline', action: { dialog: 'timeline' } });
    // The notification-config button (spec core §2): this user's $notify for the item.
    if (type.notifyPrefs !== false)
      lines.push({ key: 'notify', labelKey: 'notifications.pref.button', action: { dialog: 'notify' } });
    if (user.admin || user.masquerading === true)
      lines.push({ key: 'raw', labelKey: 'item.rawEdit', action: { dialog: 'raw' } });
  }
  for (const entry of o.entries)
    if (entry.applies(item, type, user))
      lines.push({ key: `m-${entry.id}`, labelKey: entry.labelKey, action: { dialog: { entry } } });
  if (o.inResults) {
    lines.push({ key: 'previous', labelKey: 'item.previous', action: { go: 'previous' } });
    lines.push({ key: 'next', labelKey: 'item.next', action: { go: 'next' } });
  }
  return lines;
}
