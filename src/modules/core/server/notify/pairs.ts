import { sql } from 'drizzle-orm';
import { query, type Principal, type Services } from '../../../../server/module-api';

/** A notification's index and its context id (spec core §3 User `notifyPairs`). */
export type NotifyPair = [number, string | null];

// How many unread notifications the bell knows about (older ones stay on /notifications): the
// contract bounds markNotifications by the same number.
import { MAX_PAIRS } from '../../contract';
export { MAX_PAIRS };

/**
 * The user's unread notifications that they may still read, newest first. Computed from the
 * Notify rows rather than stored on the User item, so a notification never bumps the User's
 * `$version` (which would refuse the user's own profile edit as stale).
 */
export async function unreadPairs(services: Services, p: Principal): Promise<NotifyPair[]> {
  if (!p.userId) return [];
  const rows = await query<{ id: string }>(
    services.items.db,
    sql`select id from items where type = 'Notify' and data->>'recipient' = ${p.userId}
      and not deleted and (data->>'unread')::boolean order by num desc limit ${MAX_PAIRS}`,
  );
  // As the system: the user's notifications; each is checked (canRow) below.
  const loaded = await services.items.readRows(rows.map((r) => r.id));
  const out: NotifyPair[] = [];
  for (const { id } of rows) {
    const row = loaded.get(id);
    if (!row || !(await services.items.canRow(p, 'read', row))) continue;
    out.push([row.num, typeof row.data.context === 'string' ? row.data.context : null]);
  }
  return out;
}
