import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import type { ItemService } from '../items/item-service';
import { setMembership } from './accounts';
import { hashToken } from './tokens';

// An invitation asks; the person decides. `invite` records the organisations an invite token
// asks its person to join; they are joined, as member, only when the person opens the link and
// accepts it (setPassword with the invite token). Until then an orgAdmin can neither see the
// person among the members nor give them a role (issue 36).

/**
 * Records the organisations the invite `token` asks to join. `carried` are the hashes of the
 * person's earlier invite tokens that this one replaces (a resend): their organisations are
 * asked again, so a second organisation's invitation does not cancel the first's.
 */
export async function recordInvitation(
  ex: Executor,
  token: string,
  orgs: readonly string[],
  invitedBy: string | null,
  carried: readonly string[] = [],
): Promise<void> {
  const hash = hashToken(token);
  if (carried.length)
    await ex.execute(sql`insert into invitations (token_hash, org_id, invited_by, created_at)
      select ${hash}, org_id, invited_by, created_at from invitations
      where token_hash in (${sql.join(
        carried.map((h) => sql`${h}`),
        sql`, `,
      )}) on conflict do nothing`);
  for (const org of orgs)
    await ex.execute(sql`insert into invitations (token_hash, org_id, invited_by)
      values (${hash}, ${org}, ${invitedBy}) on conflict do nothing`);
}

/**
 * The person accepted the invitation of this (just consumed) token: they join each organisation
 * it asks them to, as member, where they are not one already. Returns the organisations joined.
 */
export async function acceptInvitation(
  items: ItemService,
  ex: Executor,
  token: string,
  userId: string,
): Promise<string[]> {
  const rows = await query<{ org_id: string }>(
    ex,
    sql`delete from invitations where token_hash = ${hashToken(token)} returning org_id`,
  );
  const have = await query<{ org_id: string }>(
    ex,
    sql`select org_id from memberships where user_id = ${userId}`,
  );
  const joined: string[] = [];
  for (const { org_id: org } of rows) {
    if (have.some((m) => m.org_id === org)) continue;
    // The person's own act: they are the actor of their joining.
    await setMembership(items, ex, userId, org, ['member'], { actor: userId });
    joined.push(org);
  }
  return joined;
}
