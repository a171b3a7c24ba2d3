import { sql } from 'drizzle-orm';
import type { Role } from '../../protocol/access-levels';
import { highestRole, type Principal } from '../access/principal';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import { principalType } from './principal-type';
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
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
  const m = await query<{ org_id: string; roles: string[] }>(
    ex,
    sql`select org_id, roles from memberships where user_id = ${userId}`,
  );
  const orgs = new Map<string, Role>();
  for (const r of m) {
    const best = highestRole(r.roles);
    if (best) orgs.set(r.org_id, best);
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
  };
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
): Promise<{ org: string; roles: string[] }[]> {
  const m = await query<{ org_id: string; roles: string[] }>(
    ex,
    sql`select org_id, roles from memberships where user_id = ${userId} order by org_id`,
  );
  return m.map((r) => ({ org: r.org_id, roles: [...r.roles].sort() }));
}
