import { sql } from 'drizzle-orm';
import { roleRank } from '../../../protocol/access-levels';
import { isCompleteId } from '../../../protocol/ids';
import type { WireItem } from '../../../protocol/item';
import type { UserState } from '../../../protocol/user-states';
import { query, rankIn, textArray, type Executor, type Principal } from '../../../server/module-api';

// $userState of a Contact (spec core §3): computed at read time from the linked User's
// credentials and tokens, never stored. Boundaries are in docs/decisions.md.

const DAY_MS = 86_400_000;
const ORG_ADMIN = roleRank('orgAdmin');

/** The organisations a Contact belongs to: its `_related` organisations and its owner. */
export function contactOrgs(data: Record<string, unknown>, owner: string | null): string[] {
  const related = Array.isArray(data._related) ? data._related : [];
  const orgs = related.filter(
    (o): o is string => typeof o === 'string' && o.startsWith('Organization-') && isCompleteId(o),
  );
  if (owner) orgs.push(owner);
  return [...new Set(orgs)];
}

/** Admins and orgAdmins of one of the contact's organisations manage its account: see its state, invite. */
export function managesContact(p: Principal, orgs: readonly string[]): boolean {
  return p.admin || orgs.some((o) => rankIn(p, o) >= ORG_ADMIN);
}

export interface AccountFacts {
  exists: boolean;
  blocked: boolean;
  lastSeen: Date | null;
  invited: boolean;
}

export function userStateOf(f: AccountFacts | undefined, now = Date.now()): UserState {
  if (!f?.exists) return 'NONE';
  if (f.blocked) return 'BLOCKED';
  if (!f.lastSeen) return f.invited ? 'INVITED' : 'NEVER';
  const days = (now - f.lastSeen.getTime()) / DAY_MS;
  if (days <= 7) return 'WEEK';
  if (days <= 30) return 'DAYS_30';
  if (days <= 60) return 'DAYS_60';
  if (days <= 90) return 'DAYS_90';
  return 'NORECENT';
}

export async function accountFacts(
  ex: Executor,
  userIds: readonly string[],
): Promise<Map<string, AccountFacts>> {
  const out = new Map<string, AccountFacts>();
  if (userIds.length === 0) return out;
  const rows = await query<{
    id: string;
    blocked: boolean | null;
    last_seen: string | Date | null;
    invited: boolean;
  }>(
    ex,
    sql`select i.id, c.blocked, c.last_seen,
        exists (select 1 from tokens t where t.user_id = i.id and t.kind = 'invite') as invited
      from items i left join credentials c on c.user_id = i.id
      where i.id = any(${textArray(userIds)}) and i.type = 'User' and not i.deleted`,
  );
  for (const r of rows)
    out.set(r.id, {
      exists: true,
      blocked: r.blocked === true,
      lastSeen: r.last_seen ? new Date(r.last_seen) : null,
      invited: r.invited,
    });
  return out;
}

/** The organisations among `orgs` each user is a member of. */
async function membersIn(
  ex: Executor,
  userIds: readonly string[],
  orgs: readonly string[],
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (userIds.length === 0 || orgs.length === 0) return out;
  const rows = await query<{ user_id: string; org_id: string }>(
    ex,
    sql`select user_id, org_id from memberships
      where user_id = any(${textArray(userIds)}) and org_id = any(${textArray(orgs)})`,
  );
  for (const r of rows) {
    const set = out.get(r.user_id);
    if (set) set.add(r.org_id);
    else out.set(r.user_id, new Set([r.org_id]));
  }
  return out;
}

/**
 * Contact's read hook (`decorate`): adds `$userState` to the Contacts of the list whose account
 * the principal manages. How an account is used (blocked, last seen) is its organisations'
 * business: an orgAdmin reads it only for a member of an organisation they manage. Anyone else
 * linked to the contact (an existing account invited and not yet accepted, a partner's person) is
 * "invited" while an invitation is out, else "none", as an account never made would be
 * (docs/access-model.md "Invitations"). Admins read every state.
 */
export async function addUserStates(ex: Executor, p: Principal, list: WireItem[]): Promise<void> {
  const shown = list.filter(
    (i) =>
      i._t === 'Contact' && managesContact(p, contactOrgs(i, typeof i.owner === 'string' ? i.owner : null)),
  );
  if (shown.length === 0) return;
  const users = shown.map((i) => i.user).filter((u): u is string => typeof u === 'string' && isCompleteId(u));
  const unique = [...new Set(users)];
  const facts = await accountFacts(ex, unique);
  const managed = p.admin ? [] : [...p.orgs.keys()].filter((o) => rankIn(p, o) >= ORG_ADMIN);
  const members = p.admin ? new Map<string, Set<string>>() : await membersIn(ex, unique, managed);
  for (const i of shown) {
    const f = typeof i.user === 'string' ? facts.get(i.user) : undefined;
    const known = p.admin || (typeof i.user === 'string' && (members.get(i.user)?.size ?? 0) > 0);
    i.$userState = known ? userStateOf(f) : f?.invited ? 'INVITED' : 'NONE';
  }
}
