import type { Role } from '../../protocol/access-levels';
import { roleRank, ROLES } from '../../protocol/access-levels';
import { AppError } from '../../protocol/errors';

/** Who is asking: loaded once per connection and reloaded when memberships change. */
export interface Principal {
  /** null for a signed-out visitor (User-0). */
  userId: string | null;
  admin: boolean;
  /** Highest role per organisation id. */
  orgs: ReadonlyMap<string, Role>;
  /** The admin's own id while masquerading. */
  masqueradeFrom: string | null;
  /** The Protocol items listing the user as a member (docs/access-model.md "Cultural protocols"). */
  protocols?: ReadonlySet<string>;
  /**
   * Each organisation of `orgs`: its kind and the capabilities it gives its members, for the
   * types declared to apply only in some organisations (TypeAccess.createIn). Left out where no
   * such question is asked (read-only stand-ins): those types are then refused.
   */
  orgFacts?: ReadonlyMap<string, OrgFacts>;
  /** The capabilities granted to the user themselves. */
  ownCapabilities?: ReadonlySet<string>;
}

export interface OrgFacts {
  kind: string | null;
  capabilities: ReadonlySet<string>;
}

export const ANONYMOUS: Principal = { userId: null, admin: false, orgs: new Map(), masqueradeFrom: null };

/** The system acts with every right; used for seeding, fan-out loads and jobs. */
export const SYSTEM: Principal = { userId: null, admin: true, orgs: new Map(), masqueradeFrom: null };

export function highestRole(roles: readonly string[]): Role | null {
  let best: Role | null = null;
  for (const r of roles) {
    if (!(ROLES as readonly string[]).includes(r)) continue;
    if (best === null || roleRank(r as Role) > roleRank(best)) best = r as Role;
  }
  return best;
}

/** The rank of the principal's role in `org`, or -1 when not a member. */
export function rankIn(p: Principal, org: string | null | undefined): number {
  if (!org) return -1;
  const r = p.orgs.get(org);
  return r ? roleRank(r) : -1;
}

/**
 * Refuses to make, while an admin masquerades, anything that outlives the request: a secret
 * link (a calendar feed), an invitation. Made as the target, it would keep working for whoever
 * holds it after the masquerade ended and after the admin lost the flag (issue 36).
 */
export function refuseWhileMasquerading(p: Principal, what: string): void {
  if (p.masqueradeFrom) throw new AppError('notWhileMasquerading', `${what} is not made while masquerading`);
}
