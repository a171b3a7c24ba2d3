import type { ViewGate } from '../../kernel/view';
import { passesViewRule, type GateSubject } from '../../kernel/view-gate';
import type { Role } from '../../protocol/access-levels';
import type { UserSession } from '../state/socket-client';

/** Screens some organisation roles may use besides admins (the lists of values: editors up). */
export interface RoleGate {
  adminOnly?: boolean;
  /** Admins, and users with at least this role in some organisation. */
  minOrgRole?: Role;
  /** …in an organisation of one of these kinds (kernel/view.ts ViewGate.orgKinds). */
  orgKinds?: readonly string[];
}

/** The signed-in user as the view gate sees them (kernel/view-gate.ts). */
export function gateSubject(user: UserSession, withCapabilities = true): GateSubject {
  return {
    admin: user.admin,
    roles: (user.memberships ?? []).flatMap((m) => m.roles),
    memberships: user.memberships ?? [],
    ...(withCapabilities ? { capabilities: user.capabilities } : {}),
  };
}

/** May this user open a screen with that role gate? The server still decides every read and write. */
export function passesGate(user: UserSession | null, gate: RoleGate): boolean {
  if (!user) return !gate.adminOnly && !gate.minOrgRole && !gate.orgKinds;
  return passesViewRule(gateSubject(user, false), gate);
}

/** The whole gate of a view or card (admin, organisation role, capability): signed in, and passes. */
export function passesView(user: UserSession | null, gate: ViewGate): boolean {
  return !!user && passesViewRule(gateSubject(user), gate);
}
