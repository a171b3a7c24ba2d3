import { sql } from 'drizzle-orm';
import type { Role } from '../../protocol/access-levels';
import { PROTOCOL_TYPE } from '../../protocol/constants';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import { highestRole, type Principal } from './principal';

// A reader's rights in the past (docs/access-model.md "History"): the organisations and roles
// they held, and the protocols naming them, at a moment (an event id). Memberships are recorded
// as `membershipChanged` events on the User (with the roles after the change); a protocol's
// members as `changes.members` on the Protocol (from and to). The history shows a past value
// only to someone who could read it then with the rights they held then (and can now).

export interface MembershipEvent {
  id: number;
  org: string;
  /** The roles after the change; none: the membership ended. */
  roles: string[];
}

export interface ProtocolMembersEvent {
  id: number;
  protocol: string;
  wasMember: boolean;
  isMember: boolean;
}

/**
 * The principal as it was at event id `at`. A membership's role then is the one its latest
 * change at or before `at` gave; with changes only after `at`, it did not exist yet; with no
 * change recorded at all, it is taken to have been held all along (the account's first rights).
 * A protocol's membership then is the `from` of its first change after `at`, else its present.
 */
export function principalAt(
  now: Principal,
  memberships: readonly MembershipEvent[],
  protocolEvents: readonly ProtocolMembersEvent[],
  at: number,
): Principal {
  const orgs = new Map<string, Role>();
  const byOrg = new Map<string, MembershipEvent[]>();
  for (const m of memberships) {
    const list = byOrg.get(m.org);
    if (list) list.push(m);
    else byOrg.set(m.org, [m]);
  }
  for (const [org, role] of now.orgs) if (!byOrg.has(org)) orgs.set(org, role);
  for (const [org, list] of byOrg) {
    let last: MembershipEvent | undefined;
    for (const m of list) if (m.id <= at && (!last || m.id > last.id)) last = m;
    const role = last ? highestRole(last.roles) : null;
    if (role) orgs.set(org, role);
  }
  const protocols = new Set(now.protocols ?? []);
  const firstAfter = new Map<string, ProtocolMembersEvent>();
  for (const e of protocolEvents) {
    if (e.id <= at) continue;
    const seen = firstAfter.get(e.protocol);
    if (!seen || e.id < seen.id) firstAfter.set(e.protocol, e);
  }
  for (const [protocol, e] of firstAfter) {
    if (e.wasMember) protocols.add(protocol);
    else protocols.delete(protocol);
  }
  return { ...now, orgs, protocols };
}

/** The moments a principal's rights changed: each membership or protocol-membership event. */
export function rightsBreaks(
  memberships: readonly MembershipEvent[],
  protocolEvents: readonly ProtocolMembersEvent[],
): number[] {
  return [...new Set([...memberships.map((m) => m.id), ...protocolEvents.map((e) => e.id)])].sort(
    (a, b) => a - b,
  );
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as unknown;
const names = (list: unknown, userId: string) => Array.isArray(list) && list.includes(userId);

/** The user's recorded membership and protocol-membership changes, oldest first. */
export async function loadRightsEvents(
  ex: Executor,
  userId: string,
): Promise<{ memberships: MembershipEvent[]; protocols: ProtocolMembersEvent[] }> {
  const m = await query<{ id: number | string; data: unknown }>(
    ex,
    sql`select id, data from events where item_id = ${userId} and kind = 'membershipChanged' order by id`,
  );
  const memberships: MembershipEvent[] = [];
  for (const r of m) {
    const d = parse(r.data) as { org?: unknown; roles?: unknown } | null;
    if (typeof d?.org !== 'string') continue;
    const roles = Array.isArray(d.roles) ? d.roles.filter((x): x is string => typeof x === 'string') : [];
    memberships.push({ id: Number(r.id), org: d.org, roles });
  }
  // Every change of a protocol's members; those not touching this user are dropped here (a
  // community holds a handful of protocols, each changed rarely).
  const p = await query<{ id: number | string; item_id: string; members: unknown }>(
    ex,
    sql`select e.id, e.item_id, e.data->'changes'->'members' as members from events e
      join items i on i.id = e.item_id
      where i.type = ${PROTOCOL_TYPE} and jsonb_exists(e.data->'changes', 'members') order by e.id`,
  );
  const protocols: ProtocolMembersEvent[] = [];
  for (const r of p) {
    const c = parse(r.members) as { from?: unknown; to?: unknown } | null;
    const wasMember = names(c?.from, userId);
    const isMember = names(c?.to, userId);
    if (wasMember !== isMember)
      protocols.push({ id: Number(r.id), protocol: r.item_id, wasMember, isMember });
  }
  return { memberships, protocols };
}
