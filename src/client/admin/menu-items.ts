import { useSyncExternalStore } from 'react';
import type { NavEntry } from '../../kernel/module';
import { useApp } from '../state/app-context';
import type { SocketClient } from '../state/socket-client';

/** admin.menu-items: entries hidden for everyone, and the order of the main entries. */
export interface MenuItems {
  hidden: string[];
  order: string[];
}

const NONE: MenuItems = { hidden: [], order: [] };

/**
 * Applies the admin's menu settings: hidden entries go (administration entries never do), and
 * the named top-level entries come first in the named order; the rest keep the manifest order.
 */
export function applyMenuItems(entries: readonly NavEntry[], menu: MenuItems): NavEntry[] {
  const hidden = new Set(menu.hidden);
  const kept = entries.filter(
    (e) => e.path.startsWith('admin') || (!hidden.has(e.path.split('.')[0]!) && !hidden.has(e.path)),
  );
  const rank = (e: NavEntry) => {
    const i = menu.order.indexOf(e.path.split('.')[0]!);
    return i < 0 ? menu.order.length : i;
  };
  return kept
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map((x) => x.e);
}

class MenuItemsStore {
  private snap: MenuItems = NONE;
  private readonly listeners = new Set<() => void>();
  private userId: string | null = null;

  constructor(private readonly client: SocketClient) {
    client.subscribe(() => this.onSession());
    client.on('menuItems', (b) => this.set(b as MenuItems));
    this.onSession();
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = () => this.snap;

  private onSession() {
    const s = this.client.getSnapshot();
    const id = s.user ? (s.authState === 'USER_VALID' ? s.user.$id : this.userId) : null;
    if (id === this.userId) return;
    this.userId = id;
    if (id)
      this.client
        .request<MenuItems>('act/menuItems', {})
        .then((m) => this.set(m))
        .catch(() => undefined);
  }

  set(m: MenuItems) {
    this.snap = { hidden: m.hidden ?? [], order: m.order ?? [] };
    for (const fn of this.listeners) fn();
  }
}

const stores = new WeakMap<SocketClient, MenuItemsStore>();

export function menuItemsStore(client: SocketClient): MenuItemsStore {
  let s = stores.get(client);
  if (!s) stores.set(client, (s = new MenuItemsStore(client)));
  return s;
}

export function useMenuItems(): MenuItems {
  const { client } = useApp();
  const store = menuItemsStore(client);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
