import type { Item, UserSession } from '../../../../client/module-api';
import { ROLES, roleRank, type Role } from '../../../../protocol/access-levels';
import { allowedActs, type ConsultAct, type Mover } from '../../lifecycle';

// Who the signed-in user is to a consultation, for the moves the record offers (the server
// decides again: this only keeps buttons away from those who would be refused).

const isStaffRole = (roles: readonly string[]) =>
  roles.some((r) => (ROLES as readonly string[]).includes(r) && roleRank(r as Role) >= roleRank('staff'));

/**
 * "staff": staff or higher of the owning organisation holding ConsultRespond, or an admin.
 * "proponent": a member of the proponent organisation (primaryOrg), or of the owner while it
 * is still a draft (the proponent's own organisation owns its drafts).
 */
export function moversOf(item: Item, user: UserSession | null): Mover[] {
  if (!user) return [];
  const of = (org: unknown) =>
    typeof org === 'string' ? (user.memberships ?? []).find((m) => m.org === org) : undefined;
  const out: Mover[] = [];
  const owner = of(item.owner);
  if (user.admin || (owner && isStaffRole(owner.roles) && user.capabilities.ConsultRespond === true))
    out.push('staff');
  if (of(item.primaryOrg) || (item.state === 'DRAFT' && owner)) out.push('proponent');
  return out;
}

/** The lifecycle acts this user may make on the consultation now, in the table's order. */
export function movesFor(item: Item, user: UserSession | null): ConsultAct[] {
  return allowedActs(typeof item.state === 'string' ? item.state : undefined, moversOf(item, user));
}
