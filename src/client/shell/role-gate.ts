import { roleRank, ROLES, type Role } from '../../protocol/access-levels';
import type { UserSession } from '../state/socket-client';

/** Screens some organisation roles may use besides admins (the lists of values: editors up). */
export interface RoleGate {
  adminOnly?: boolean;
  /** Admins, and users with at least this role in some organisation. */
  minOrgRole?: Role;
}

/** May this user open a screen with that gate? The server still decides every read and write. */
export function passesGate(user: UserSession | null, gate: RoleGate): boolean {
  if (user?.admin) return true;
  if (gate.adminOnly) return false;
  if (!gate.minOrgRole) return true;
  const min = roleRank(gate.minOrgRole);
  return (user?.memberships ?? []).some((m) =>
    m.roles.some((r) => (ROLES as readonly string[]).includes(r) && roleRank(r as Role) >= min),
  );
}
