import { sql } from 'drizzle-orm';
import { query, queryPrepared, textArrayParam, type Executor } from '../../../../server/module-api';
import type { USER_NOTIFY } from '../../types';

export type NotifyPref = (typeof USER_NOTIFY)[number];

/** Who chose what about one item, and, for a thread, who has written in it. */
export interface ItemPrefs {
  prefs: Map<string, NotifyPref>;
  authors: string[];
}

/** What a batch read ahead (readPrefsAhead), by transaction: item id → its prefs and authors. */
const ahead = new WeakMap<Executor, Map<string, ItemPrefs & { withAuthors: boolean }>>();

/**
 * Reads, in one statement, the preferences (and a thread's authors) of the items a batch of
 * updates is about to notify about, for `prefsFor` to answer from: one statement a batch where
 * there was one a write (docs/write-path.md "Session 18").
 */
export async function readPrefsAhead(
  ex: Executor,
  contexts: readonly { id: string; withAuthors: boolean }[],
): Promise<void> {
  const ids = [...new Set(contexts.map((c) => c.id))];
  const threads = [...new Set(contexts.filter((c) => c.withAuthors).map((c) => c.id))];
  const rows = await queryPrepared<{ item_id: string; user_id: string; pref: string }>(
    ex,
    sql`select item_id, user_id, pref from notify_prefs where item_id = any(${textArrayParam(ids)})
      union all select distinct l.to_id, i.created_by, 'AUTHOR' from links l join items i on i.id = l.from_id
        where l.to_id = any(${textArrayParam(threads)}) and l.prop = 'thread' and i.type = 'Message' and i.created_by is not null`,
  );
  const byItem = new Map(contexts.map((c) => [c.id, { ...emptyPrefs(), withAuthors: c.withAuthors }]));
  for (const r of rows) add(byItem.get(r.item_id)!, r);
  ahead.set(ex, byItem);
}

/**
 * Forgets what was read ahead in this transaction: a message was written, so a thread's authors
 * may have changed (the one thing an item write changes of what prefsFor reads).
 */
export function forgetPrefsAhead(ex: Executor): void {
  ahead.delete(ex);
}

const emptyPrefs = (): ItemPrefs => ({ prefs: new Map(), authors: [] });

function add(into: ItemPrefs, r: { user_id: string; pref: string }): void {
  if (r.pref === 'AUTHOR') into.authors.push(r.user_id);
  else into.prefs.set(r.user_id, r.pref as NotifyPref);
}

/**
 * Every user's `$notify` preference for one item (users without a row are DEFAULT) and, for a
 * thread, who has written in it: one round trip, since it runs on every write, or none when its
 * batch read it ahead.
 */
export async function prefsFor(ex: Executor, itemId: string, withAuthors: boolean): Promise<ItemPrefs> {
  const known = ahead.get(ex)?.get(itemId);
  if (known && known.withAuthors === withAuthors) return known;
  const authors = withAuthors
    ? sql` union all select distinct i.created_by, 'AUTHOR' from links l join items i on i.id = l.from_id
        where l.to_id = ${itemId} and l.prop = 'thread' and i.type = 'Message' and i.created_by is not null`
    : sql``;
  // Prepared: it runs on every write, with one of two texts.
  const rows = await queryPrepared<{ user_id: string; pref: string }>(
    ex,
    sql`select user_id, pref from notify_prefs where item_id = ${itemId}${authors}`,
  );
  const out = emptyPrefs();
  for (const r of rows) add(out, r);
  return out;
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
