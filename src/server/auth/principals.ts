import { sql } from 'drizzle-orm';
import type { Role } from '../../protocol/access-levels';
import { capabilityNames } from '../../kernel/capabilities';
import { highestRole, type OrgFacts, type Principal } from '../access/principal';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import { orgKindOf, principalType } from './principal-type';
import { PROTOCOL_TYPE } from '../../protocol/constants';

/** Loads a user's principal: the admin flag from their item (the principal type's), roles from memberships. */
export async function loadPrincipal(
  ex: Executor,
  userId: string,
  masqueradeFrom: string | null = null,
): Promise<Principal | null> {
  const [row] = await query<{ data: Record<string, unknown> | string }>(
    ex,
    sql`select data from items where id = ${userId} and type = ${principalType()} and not deleted`,
  );
  if (!row) return null;
  const data = parseData(row.data);
  // The organisations' own rows too: their kind and capabilities decide where the user may
  // create the types that apply only in some kinds of organisation (TypeAccess.createIn).
  const m = await query<{ org_id: string; roles: string[]; org_type: string | null; org_data: unknown }>(
    ex,
    sql`select m.org_id, m.roles, o.type as org_type, o.data as org_data from memberships m
      left join items o on o.id = m.org_id and not o.deleted where m.user_id = ${userId}`,
  );
  const orgs = new Map<string, Role>();
  const orgFacts = new Map<string, OrgFacts>();
  for (const r of m) {
    const best = highestRole(r.roles);
    if (!best) continue;
    orgs.set(r.org_id, best);
    const org = r.org_data ? parseData(r.org_data) : {};
    orgFacts.set(r.org_id, {
      kind: r.org_type ? orgKindOf(r.org_type, org) : null,
      capabilities: new Set(capabilityNames(org.capabilities)),
    });
  }
  // The protocols naming the user: the read rule's "member of the item's protocols".
  const protocols = await query<{ id: string }>(
    ex,
    sql`select id from items where type = ${PROTOCOL_TYPE} and not deleted and data->'members' ? ${userId}`,
  );
  return {
    userId,
    admin: data.admin === true,
    orgs,
    masqueradeFrom,
    protocols: new Set(protocols.map((r) => r.id)),
    orgFacts,
    ownCapabilities: new Set(capabilityNames(data.capabilities)),
  };
}

function parseData(data: unknown): Record<string, unknown> {
  return (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;
}

/**
 * The principal of a user who may act now: their account exists and is not blocked. For work done
 * for a user outside a session (a calendar feed fetched by its secret link), checked at each use.
 */
export async function activePrincipal(ex: Executor, userId: string): Promise<Principal | null> {
  const [cred] = await query<{ blocked: boolean }>(
    ex,
    sql`select blocked from credentials where user_id = ${userId}`,
  );
  if (!cred || cred.blocked) return null;
  return loadPrincipal(ex, userId);
}

export async function listMemberships(
  ex: Executor,
  userId: string,
): Promise<{ org: string; roles: string[]; kind: string | null }[]> {
  // With the organisation's kind: the screens of some kinds of organisation only ask it
  // (kernel/view.ts ViewGate.orgKinds).
  const m = await query<{ org_id: string; roles: string[]; org_type: string | null; org_data: unknown }>(
    ex,
    sql`select m.org_id, m.roles, o.type as org_type, o.data as org_data from memberships m
      left join items o on o.id = m.org_id and not o.deleted where m.user_id = ${userId} order by m.org_id`,
  );
  return m.map((r) => ({
    org: r.org_id,
    roles: [...r.roles].sort(),
    kind: r.org_type && r.org_data ? orgKindOf(r.org_type, parseData(r.org_data)) : null,
  }));
}
