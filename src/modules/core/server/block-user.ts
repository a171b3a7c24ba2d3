import { sql } from 'drizzle-orm';
import { AppError } from '../../../protocol/errors';
import { loadRowAsSystem, PRINCIPALS_CHANNEL, query, SYSTEM } from '../../../server/module-api';
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
  const { items } = services;
  await items.transaction(async (tx) => {
    const [cred] = await query<{ blocked: boolean }>(
      tx,
      sql`update credentials set blocked = ${b.blocked} where user_id = ${b.user} returning blocked`,
    );
    if (!cred) throw new AppError('notFound', `${b.user} has no account`);
    if (b.blocked)
      await tx.execute(sql`update tokens set revoked_at = now()
        where user_id = ${b.user} and kind in ('session', 'reset', 'invite') and revoked_at is null`);
    // The event on the User item, through the item service: its `_u` moves, so screens that show
    // the account's state ($userState) read it again.
    // As the system: an admin (checked above) blocks the account; the event goes on its User.
    const user = await loadRowAsSystem(tx, b.user);
    if (user && !user.deleted)
      await items.touchIn(tx, SYSTEM, b.user, {
        event: b.blocked ? 'blocked' : 'unblocked',
        actor: principal.userId,
      });
    await tx.execute(sql`select pg_notify(${PRINCIPALS_CHANNEL}, ${b.user})`);
  });
  return { user: b.user, blocked: b.blocked };
}
