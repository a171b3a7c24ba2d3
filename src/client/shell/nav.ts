import type { NavEntry } from '../../kernel/module';
import type { UserSession } from '../state/socket-client';
import { passesKeyCaps } from '../../kernel/key-caps';
import { viewDef } from '../views/registry';
import type { ViewDef } from '../views/view-def';
import { passesGate } from './role-gate';

export interface NavGroup {
  path: string;
  entry: NavEntry | null;
  children: NavEntry[];
}

/**
 * Entries this user may see: a registered view, the deployment's key capabilities (for everyone,
 * admins too), the capability, admin for admin entries.
 */
export function visibleNav(
  entries: readonly NavEntry[],
  user: UserSession | null,
  keyCaps: readonly string[],
  views: (path: string) => ViewDef | undefined = viewDef,
): NavEntry[] {
  return entries.filter((e) => {
    if (e.routeOnly) return false;
    const view = views(e.path);
    if (!view?.inNav) return false;
    if (!passesKeyCaps(e, keyCaps) || !passesKeyCaps(view, keyCaps)) return false;
    if (!user) return !!view.public;
    const gate = { adminOnly: e.adminOnly || view.adminOnly, minOrgRole: view.minOrgRole };
    if (!passesGate(user, view.orgKinds ? { ...gate, orgKinds: view.orgKinds } : gate)) return false;
    if (user.admin) return true;
    const cap = e.capability ?? view.capability;
    if (cap && user.capabilities[cap] !== true) return false;
    // A view for the holders of any of several capabilities (admin.workflows).
    return !view.anyCapability || view.anyCapability.some((c) => user.capabilities[c] === true);
  });
}

/** Groups by the first part of the dotted path; admin entries go to their own lower section. */
export function groupNav(entries: readonly NavEntry[]): { main: NavGroup[]; admin: NavGroup[] } {
  const groups = new Map<string, NavGroup>();
  for (const e of entries) {
    const [head] = e.path.split('.');
    let g = groups.get(head!);
    if (!g) groups.set(head!, (g = { path: head!, entry: null, children: [] }));
    if (e.path === head) g.entry = e;
    else g.children.push(e);
  }
  const all = [...groups.values()];
  return { main: all.filter((g) => g.path !== 'admin'), admin: all.filter((g) => g.path === 'admin') };
}

export const navKey = (path: string) => `nav.${path.replace(/\./g, '_')}`;
