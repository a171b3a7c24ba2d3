import { sql } from 'drizzle-orm';
import { query, queryPrepared, type Executor } from '../../../../server/module-api';
import type { USER_NOTIFY } from '../../types';

export type NotifyPref = (typeof USER_NOTIFY)[number];

/**
 * Every user's `$notify` preference for one item (users without a row are DEFAULT) and, for a
 * thread, who has written in it: one round trip, since it runs on every write.
 */
export async function prefsFor(
  ex: Executor,
  itemId: string,
  withAuthors: boolean,
): Promise<{ prefs: Map<string, NotifyPref>; authors: string[] }> {
  const authors = withAuthors
    ? sql` union all select distinct i.created_by, 'AUTHOR' from links l join items i on i.id = l.from_id
        where l.to_id = ${itemId} and l.prop = 'thread' and i.type = 'Message' and i.created_by is not null`
    : sql``;
  // Prepared: it runs on every write, with one of two texts.
  const rows = await queryPrepared<{ user_id: string; pref: string }>(
    ex,
    sql`select user_id, pref from notify_prefs where item_id = ${itemId}${authors}`,
  );
  const prefs = new Map<string, NotifyPref>();
  const out: string[] = [];
  for (const r of rows) {
    if (r.pref === 'AUTHOR') out.push(r.user_id);
    else prefs.set(r.user_id, r.pref as NotifyPref);
  }
  return { prefs, authors: out };
}

export async function prefOf(ex: Executor, userId: string, itemId: string): Promise<NotifyPref> {
  const [r] = await query<{ pref: string }>(
    ex,
    sql`select pref from notify_prefs where user_id = ${userId} and item_id = ${itemId}`,
  );
  return (r?.pref as NotifyPref | undefined) ?? 'DEFAULT';
}

export async function setPref(ex: Executor, userId: string, itemId: string, pref: NotifyPref): Promise<void> {
  if (pref === 'DEFAULT') {
    await ex.execute(sql`delete from notify_prefs where user_id = ${userId} and item_id = ${itemId}`);
    return;
  }
  await ex.execute(sql`insert into notify_prefs (user_id, item_id, pref) values (${userId}, ${itemId}, ${pref})
    on conflict (user_id, item_id) do update set pref = excluded.pref`);
}
