import type { NavEntry } from '../../kernel/module';
import type { MenuItems } from '../../modules/core/contract';
import { useApp } from '../state/app-context';
import { ExternalStore, perClient, useStore } from '../state/external-store';
import type { SocketClient } from '../state/socket-client';

export type { MenuItems };

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

class MenuItemsStore extends ExternalStore<MenuItems> {
  private userId: string | null = null;

  constructor(private readonly client: SocketClient) {
    super(NONE);
    client.subscribe(() => this.onSession());
    client.on('menuItems', (b) => this.set(b as MenuItems));
    this.onSession();
  }

  private onSession() {
    const s = this.client.getSnapshot();
    const id = s.user ? (s.authState === 'USER_VALID' ? s.user.$id : this.userId) : null;
    if (id === this.userId) return;
    this.userId = id;
    if (id)
      this.client
        .act('menuItems', {})
        .then((m) => this.set(m))
        .catch(() => undefined);
  }

  set(m: MenuItems) {
    this.publish({ hidden: m.hidden ?? [], order: m.order ?? [] });
  }
}

export const menuItemsStore = perClient((client) => new MenuItemsStore(client));

export function useMenuItems(): MenuItems {
  const { client } = useApp();
  return useStore(menuItemsStore(client));
}
