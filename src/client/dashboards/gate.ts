import type { RegisteredCard } from '../../kernel/dashboard';
import type { ViewGate } from '../../kernel/view';
import type { ClientConfig, DashboardConfig } from '../config';
import { passesView } from '../shell/role-gate';
import type { UserSession } from '../state/socket-client';

// Which dashboard cards a user sees, and which dashboard their home shows. The gate only hides
// what the user could not use: each card reads its data with `search/ids`, so the server's policy
// still decides every item it shows.

/** The gate of a view or card: signed in, admin/org role and capability (kernel/view-gate.ts). */
export function passesViewGate(user: UserSession | null, gate: ViewGate): boolean {
  return passesView(user, gate);
}

export function visibleCards(cards: readonly RegisteredCard[], user: UserSession | null): RegisteredCard[] {
  return cards.filter((c) => passesViewGate(user, c));
}

/**
 * The dashboard the home view shows (spec capability-modules §2 "Each capability has a home
 * screen"): the home of the first key capability (KEY_CAPS) the user holds; else the last home,
 * in module order, of a capability the user holds (core's, which everyone holds, comes first, so
 * a capability module's home wins over it); null when none is declared.
 */
export function homeDashboard(config: ClientConfig, user: UserSession | null): DashboardConfig | null {
  const held = (config.homes ?? []).filter((h) => passesViewGate(user, { capability: h.capability }));
  const key =
    held.find((h) => config.keyCaps.includes(h.capability)) ?? (held.length ? held[held.length - 1] : null);
  return (key && config.dashboards?.find((d) => d.key === key.dashboard)) ?? null;
}
