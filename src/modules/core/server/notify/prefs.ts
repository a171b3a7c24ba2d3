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

type Context = { id: string; withAuthors: boolean };

/**
 * Every user's `$notify` preference for each item (users without a row are DEFAULT) and, for a
 * thread (`withAuthors`), who has written in it: one statement for any number of items.
 */
async function readPrefs(ex: Executor, contexts: readonly Context[]) {
  const ids = [...new Set(contexts.map((c) => c.id))];
  const threads = [...new Set(contexts.filter((c) => c.withAuthors).map((c) => c.id))];
  // Prepared: it runs on every write that notifies, or once a batch.
  const rows = await queryPrepared<{ item_id: string; user_id: string; pref: string }>(
    ex,
    sql`select item_id, user_id, pref from notify_prefs where item_id = any(${textArrayParam(ids)})
      union all select distinct l.to_id, i.created_by, 'AUTHOR' from links l join items i on i.id = l.from_id
        where l.to_id = any(${textArrayParam(threads)}) and l.prop = 'thread' and i.type = 'Message' and i.created_by is not null`,
  );
  const byItem = new Map(
    contexts.map((c) => [
      c.id,
      { prefs: new Map<string, NotifyPref>(), authors: [] as string[], withAuthors: c.withAuthors },
    ]),
  );
  for (const r of rows) {
    const into = byItem.get(r.item_id)!;
    if (r.pref === 'AUTHOR') into.authors.push(r.user_id);
    else into.prefs.set(r.user_id, r.pref as NotifyPref);
  }
  return byItem;
}

/**
 * Reads the preferences (and a thread's authors) of the items a batch of updates is about to
 * notify about, for `prefsFor` to answer from: one statement a batch where there was one a write
 * (docs/write-path.md "Session 18").
 */
export async function readPrefsAhead(ex: Executor, contexts: readonly Context[]): Promise<void> {
  ahead.set(ex, await readPrefs(ex, contexts));
}

/**
 * Forgets what was read ahead in this transaction: a message was written, so a thread's authors
 * may have changed (the one thing an item write changes of what prefsFor reads).
 */
export function forgetPrefsAhead(ex: Executor): void {
  ahead.delete(ex);
}

/** One item's preferences and (`withAuthors`) authors: what its batch read ahead, or read now. */
export async function prefsFor(ex: Executor, itemId: string, withAuthors: boolean): Promise<ItemPrefs> {
  const known = ahead.get(ex)?.get(itemId);
  if (known && known.withAuthors === withAuthors) return known;
  return (await readPrefs(ex, [{ id: itemId, withAuthors }])).get(itemId)!;
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
