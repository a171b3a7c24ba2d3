import { sql } from 'drizzle-orm';
import { AppError } from '../../../protocol/errors';
import { appendEvent, PRINCIPALS_CHANNEL, query, queueNotify } from '../../../server/module-api';
import type { CoreCall } from './act-input';

/**
 * act/blockUser {user, blocked}: a site administrator blocks an account (someone who has left,
 * a lost device) or lets it in again. Blocking ends every session of the person at once, on
 * every node (the principals notification), revokes their sign-in, reset and invitation links,
 * and keeps them out of pickers; their items stay. Recorded as an event on the User item.
 */
export async function blockUser({ services, principal, body: b }: CoreCall<'blockUser'>) {
  // Only a real administrator: blocking decides who may use the site at all.
  if (!principal.admin || principal.masqueradeFrom)
    throw new AppError('notAllowed', 'only an administrator blocks accounts');
  if (b.user === principal.userId) throw new AppError('invalidInput', 'you cannot block yourself');
  const db = services.items.db;
  await db.transaction(async (tx) => {
    const [cred] = await query<{ blocked: boolean }>(
      tx,
      sql`update credentials set blocked = ${b.blocked} where user_id = ${b.user} returning blocked`,
    );
    if (!cred) throw new AppError('notFound', `${b.user} has no account`);
    if (b.blocked)
      await tx.execute(sql`update tokens set revoked_at = now()
        where user_id = ${b.user} and kind in ('session', 'reset', 'invite') and revoked_at is null`);
    await appendEvent(tx, {
      itemId: b.user,
      kind: b.blocked ? 'blocked' : 'unblocked',
      actor: principal.userId,
    });
    // Screens that show the account's state ($userState) read it again.
    const [bumped] = await query<{ u: number }>(
      tx,
      sql`update items set u = u + 1 where id = ${b.user} returning u`,
    );
    if (bumped) await queueNotify(tx, { id: b.user, type: 'User', u: Number(bumped.u), op: 'update' });
    await tx.execute(sql`select pg_notify(${PRINCIPALS_CHANNEL}, ${b.user})`);
  });
  return { user: b.user, blocked: b.blocked };
}
