import { roleRank, type Role } from '../../../../protocol/access-levels';
import {
  ANONYMOUS,
  loadPrincipal,
  type Executor,
  type ItemRow,
  type ItemService,
  type Principal,
} from '../../../../server/module-api';

// Who reads an impact report: exactly who reads its response (the report follows it). The
// overlay counts a place only when every one of them may read that place too (docs/
// spatial-overlay.md "The rule"), so a stored report never tells a reader of the response about
// a place hidden from them: not its name, not its shape, not even that it is there.

const LEVEL_ROLE: Record<'COMMUNITY' | 'PROTECTED' | 'PRIVATE', Role> = {
  COMMUNITY: 'member',
  PROTECTED: 'staff',
  PRIVATE: 'orgAdmin',
};

/**
 * A stand-in for the least of the people of `org` holding `role`: no grants, no items of their
 * own (its id is nobody's), so the policy answers for the role alone.
 */
const floorOf = (org: string, role: Role): Principal => ({
  userId: `floor:${org}:${role}`,
  admin: false,
  orgs: new Map([[org, role]]),
  masqueradeFrom: null,
});

/**
 * The response's readers, as the fewest principals whose reads bound everyone's: the weakest
 * role its level lets in, its creator when that matters, and each grant's holder (an
 * organisation's grant by its plainest member). Site admins read everything and need no place.
 */
export async function readersOf(tx: Executor, response: ItemRow): Promise<Principal[]> {
  const out: Principal[] = [];
  if (response.access === 'PUBLIC') out.push(ANONYMOUS);
  else if (response.owner) out.push(floorOf(response.owner, LEVEL_ROLE[response.access]));
  if (response.createdBy && (response.access === 'PRIVATE' || response.owner === null)) {
    const creator = await loadPrincipal(tx, response.createdBy);
    if (creator) out.push(creator);
  }
  for (const g of response.grants) {
    if (g.principal.startsWith('User-')) {
      const who = await loadPrincipal(tx, g.principal);
      if (who) out.push(who);
    } else out.push(floorOf(g.principal, 'member'));
  }
  return out;
}

/** May every reader of the response read `row`? Asked of the one policy, row by row. */
export async function readableByAll(
  items: ItemService,
  tx: Executor,
  readers: readonly Principal[],
  row: ItemRow,
): Promise<boolean> {
  const load = items.loaderFor(tx);
  for (const p of readers) if (!(await items.policy.can(p, 'read', row, load))) return false;
  return true;
}

/** At least staff of the community that owns the response (or a site admin). */
export const isStaffOf = (p: Principal, org: string | null) =>
  p.admin || (!!org && (p.orgs.get(org) ? roleRank(p.orgs.get(org)!) >= roleRank('staff') : false));
