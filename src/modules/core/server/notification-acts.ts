import { sql } from 'drizzle-orm';
import { AppError } from '../../../protocol/errors';
import { isCompleteId, makeId } from '../../../protocol/ids';
import type { WireItem } from '../../../protocol/item';
import { type ActHandlers, type Principal, query, SYSTEM } from '../../../server/module-api';
import { unreadPairs } from './notify/pairs';
import { prefOf, setPref } from './notify/prefs';
import type { CoreActs } from '../contract';
import type { CoreCall } from './act-input';

// The notification acts of spec core §7 (markNotifications, fetchNotifications) and the per-item
// `$notify` preference (getNotify, setNotify).

function userOf(p: Principal): string {
  if (!p.userId) throw new AppError('notAllowed', 'sign in first');
  return p.userId;
}

async function markNotifications({ services, principal, body: b }: CoreCall<'markNotifications'>) {
  const userId = userOf(principal);
  if (b.indexes.length || b.all) {
    const which = b.all
      ? sql`(data->>'unread')::boolean`
      : sql`num in (${sql.join(
          b.indexes.map((n) => sql`${n}`),
          sql`, `,
        )})`;
    // Only the user's own notifications change; other ids are ignored, as if they did not exist.
    const ids = await query<{ id: string }>(
      services.items.db,
      sql`select id from items where type = 'Notify' and data->>'recipient' = ${userId} and not deleted
        and ${which} and coalesce((data->>'unread')::boolean, false) <> ${b.asUnread}::boolean order by num`,
    );
    // Through the item service as the system (the context may have become unreadable, yet the
    // recipient still clears the bell), with the recipient as actor: each change is an Event.
    await services.items.transaction(async (tx) => {
      for (const { id } of ids)
        await services.items.patchIn(
          tx,
          SYSTEM,
          id,
          { unread: b.asUnread },
          {
            actor: userId,
            realActor: principal.masqueradeFrom,
          },
        );
    });
  }
  return { notifyPairs: await unreadPairs(services, principal) };
}

/** Reads notifications by id (`Notify-7`) or index (7); only the caller's own, readable ones come back. */
async function fetchNotifications({ services, principal, body: b }: CoreCall<'fetchNotifications'>) {
  const userId = userOf(principal);
  const ids = b.query.must.id
    .map((x) => (typeof x === 'number' ? makeId('Notify', x) : x))
    .filter((id) => id.startsWith('Notify-') && isCompleteId(id));
  const got = await services.items.readMany(principal, ids);
  const items = ids
    .map((id) => got[id] as WireItem | undefined)
    .filter((x): x is WireItem => !!x && x.erred !== true && x.recipient === userId);
  return { items };
}

async function getNotify({ services, principal, body }: CoreCall<'getNotify'>) {
  const userId = userOf(principal);
  const { $id } = body;
  await services.items.readableRow(principal, $id);
  return { $id, notify: await prefOf(services.items.db, userId, $id) };
}

/** Sets the caller's `$notify` for one item they may read. */
async function setNotify({ services, principal, body: b }: CoreCall<'setNotify'>) {
  const userId = userOf(principal);
  await services.items.readableRow(principal, b.$id);
  await setPref(services.items.db, userId, b.$id, b.notify);
  return { $id: b.$id, notify: b.notify };
}

export const notificationActs: ActHandlers<
  Pick<CoreActs, 'markNotifications' | 'fetchNotifications' | 'getNotify' | 'setNotify'>
> = {
  markNotifications,
  fetchNotifications,
  getNotify,
  setNotify,
};
