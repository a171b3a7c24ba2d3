import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { USER_NOTIFY } from '../types';
import { AppError } from '../../../protocol/errors';
import { isCompleteId, makeId } from '../../../protocol/ids';
import { type ActCall, type ActHandler, type Principal, query, SYSTEM } from '../../../server/module-api';
import { MAX_PAIRS, unreadPairs } from './notify/pairs';
import { prefOf, setPref } from './notify/prefs';
import { parse } from './act-input';

// The notification acts of spec core §7 (markNotifications, fetchNotifications) and the per-item
// `$notify` preference (getNotify, setNotify).

function userOf(p: Principal): string {
  if (!p.userId) throw new AppError('notAllowed', 'sign in first');
  return p.userId;
}

const MarkBody = z
  .object({
    indexes: z.array(z.number().int().positive()).max(MAX_PAIRS).default([]),
    asUnread: z.boolean().default(false),
    /** Marks every notification of the user read (the "mark all read" button). */
    all: z.boolean().optional(),
  })
  .loose();

async function markNotifications({ services, principal, body }: ActCall) {
  const userId = userOf(principal);
  const b = parse(MarkBody, body);
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

const FetchBody = z
  .object({
    query: z.object({
      must: z.object({ id: z.array(z.union([z.string().max(100), z.number().int().positive()])).max(200) }),
    }),
  })
  .loose();

/** Reads notifications by id (`Notify-7`) or index (7); only the caller's own, readable ones come back. */
async function fetchNotifications({ services, principal, body }: ActCall) {
  const userId = userOf(principal);
  const b = parse(FetchBody, body);
  const ids = b.query.must.id
    .map((x) => (typeof x === 'number' ? makeId('Notify', x) : x))
    .filter((id) => id.startsWith('Notify-') && isCompleteId(id));
  const got = await services.items.readMany(principal, ids);
  const items = ids
    .map((id) => got[id] as Record<string, unknown> | undefined)
    .filter((x): x is Record<string, unknown> => !!x && x.erred !== true && x.recipient === userId);
  return { items };
}

const NotifyRef = z.object({ $id: z.string().max(100) }).loose();
const SetNotifyBody = NotifyRef.extend({ notify: z.enum(USER_NOTIFY) });

async function getNotify({ services, principal, body }: ActCall) {
  const userId = userOf(principal);
  const { $id } = parse(NotifyRef, body);
  await services.items.readableRow(principal, $id);
  return { $id, notify: await prefOf(services.items.db, userId, $id) };
}

/** Sets the caller's `$notify` for one item they may read. */
async function setNotify({ services, principal, body }: ActCall) {
  const userId = userOf(principal);
  const b = parse(SetNotifyBody, body);
  await services.items.readableRow(principal, b.$id);
  await setPref(services.items.db, userId, b.$id, b.notify);
  return { $id: b.$id, notify: b.notify };
}

export const notificationActs: Record<string, ActHandler> = {
  markNotifications,
  fetchNotifications,
  getNotify,
  setNotify,
};
