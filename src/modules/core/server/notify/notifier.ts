import { sql } from 'drizzle-orm';
import { searchText } from '../../kernel/search-text';
import { makeId } from '../../protocol/ids';
import { loadPrincipal } from '../auth/principals';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import type { ItemService, WriteEvent } from '../items/item-service';
import { loadRows, nextNumber, queueNotify, writeLinks, type ItemRow } from '../items/rows';
import { prefsFor } from './prefs';

/** Types whose writes never notify: notifications themselves, the audit trail, system types. */
const SILENT_TYPES = new Set(['Notify', 'Event', 'Task', 'File']);

const asIds = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).filter(
    (x): x is string => typeof x === 'string',
  );

/** Where a notification points: a reply notifies about its thread; anything else about itself. */
async function contextOf(
  tx: Executor,
  row: ItemRow,
): Promise<{ context: ItemRow; eventContext: string | null }> {
  if (row.type === 'Message' && typeof row.data.thread === 'string') {
    const thread = (await loadRows(tx, [row.data.thread])).get(row.data.thread);
    if (thread && !thread.deleted) return { context: thread, eventContext: row.id };
  }
  return { context: row, eventContext: null };
}

/**
 * Who follows an item by role (docs/decisions.md "$notify"): its creator, its assignees
 * (`assignedTo`, `$assigned`), a thread's participants and whoever wrote in it. Contacts count through their account.
 */
async function roleFollowers(tx: Executor, context: ItemRow, authors: string[]): Promise<Set<string>> {
  // Whoever has written in a conversation takes part in it.
  const ids = new Set<string>(authors);
  if (context.createdBy) ids.add(context.createdBy);
  for (const k of ['assignedTo', '$assigned', 'participants'])
    for (const id of asIds(context.data[k])) ids.add(id);
  const contacts = [...ids].filter((id) => id.startsWith('Contact-'));
  if (contacts.length) {
    for (const c of (await loadRows(tx, contacts)).values()) {
      ids.delete(c.id);
      if (!c.deleted && typeof c.data.user === 'string') ids.add(c.data.user);
    }
  }
  return new Set([...ids].filter((id) => id.startsWith('User-')));
}

/** What happened, as the recipient reads it in the bell. */
function kindFor(e: WriteEvent, eventContext: string | null, userId: string): string {
  if (eventContext) return 'reply';
  const assigned = e.changes?.assignedTo ?? e.changes?.$assigned;
  if (assigned && asIds(assigned.to).includes(userId)) return 'assigned';
  if (
    e.kind === 'created' &&
    (asIds(e.row.data.assignedTo).includes(userId) || asIds(e.row.data.$assigned).includes(userId))
  )
    return 'assigned';
  return e.kind;
}

/**
 * The write hook that turns an item's event into Notify items, inside the write's transaction:
 * a notification exists exactly when its event does. Each recipient is checked against the
 * access policy here, and again on every read (the Notify follows its context).
 */
export function notifierHook(items: ItemService) {
  const notifyType = items.registry.type('Notify');
  return async (tx: Executor, e: WriteEvent): Promise<void> => {
    if (!notifyType || SILENT_TYPES.has(e.row.type) || e.row.type.startsWith('sys.')) return;
    const { context, eventContext } = await contextOf(tx, e.row);
    const { prefs, authors } = await prefsFor(tx, context.id, context.type === 'Thread');
    const candidates = await roleFollowers(tx, context, authors);
    for (const [userId, pref] of prefs) {
      if (pref === 'ALWAYS') candidates.add(userId);
      if (pref === 'NIL') candidates.delete(userId);
    }
    // Never the actor (nor the admin masquerading as them).
    if (e.actor) candidates.delete(e.actor);
    if (e.realActor) candidates.delete(e.realActor);
    if (candidates.size === 0) return;

    const load = items.loaderFor(tx);
    const eventRow = eventContext ? e.row : null;
    for (const userId of [...candidates].sort()) {
      const p = await loadPrincipal(tx, userId);
      if (!p) continue;
      if (!(await items.policy.can(p, 'read', context, load))) continue;
      if (eventRow && !(await items.policy.can(p, 'read', eventRow, load))) continue;
      const num = await nextNumber(tx, 'Notify');
      const id = makeId('Notify', num);
      const data: Record<string, unknown> = {
        kind: kindFor(e, eventContext, userId),
        recipient: userId,
        context: context.id,
        event: e.eventId,
        unread: true,
      };
      if (eventContext) data.eventContext = eventContext;
      await tx.execute(sql`insert into items (id, type, num, data, owner, access, created_by, search_text)
        values (${id}, 'Notify', ${num}, ${JSON.stringify(data)}::jsonb, null, 'PRIVATE', ${e.actor},
        ${searchText(notifyType, id, data)})`);
      await writeLinks(tx, id, {
        recipient: [userId],
        context: [context.id],
        ...(eventContext ? { eventContext: [eventContext] } : {}),
      });
      await queueNotify(tx, { id, type: 'Notify', u: 1, op: 'create' });
    }
  };
}

/**
 * Conversations sort by their latest activity: a thread's `sortTS` is set when it is created and
 * whenever a Message is added. It is system-written and does not bump `$version`, so an open
 * edit of the thread is not refused because someone replied.
 */
export async function threadActivityHook(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created') return;
  if (e.row.type === 'Thread') {
    // Still inside the creating transaction: the new row's `_u` 1 stays as announced.
    await tx.execute(sql`update items set data = jsonb_set(data, '{sortTS}', to_jsonb(${e.row.createdAt}::text))
      where id = ${e.row.id}`);
    return;
  }
  const threadId = e.row.type === 'Message' ? e.row.data.thread : null;
  if (typeof threadId !== 'string') return;
  const [r] = await query<{ u: number }>(
    tx,
    sql`update items set data = jsonb_set(data, '{sortTS}', to_jsonb(${e.row.createdAt}::text)),
    u = u + 1, updated_at = now() where id = ${threadId} and type = 'Thread' returning u`,
  );
  if (r) await queueNotify(tx, { id: threadId, type: 'Thread', u: Number(r.u), op: 'update' });
}
