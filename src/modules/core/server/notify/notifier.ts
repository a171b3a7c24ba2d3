import { SYSTEM_TYPE_PREFIX, tryParseId } from '../../../../protocol/ids';
import {
  activePrincipal,
  loadRowsAsSystem,
  SYSTEM,
  type Executor,
  type ItemRow,
  type ItemService,
  type WriteEvent,
} from '../../../../server/module-api';
import { forgetPrefsAhead, prefsFor, readPrefsAhead, type ItemPrefs } from './prefs';

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
    // As the system: a message's thread, as the notification's context; each recipient's read of it is
    // checked before a Notify is written.
    const thread = (await loadRowsAsSystem(tx, [row.data.thread])).get(row.data.thread);
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
    // As the system: only the accounts of the followers' contacts; each is checked as a recipient later.
    for (const c of (await loadRowsAsSystem(tx, contacts)).values()) {
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

/** Whether writes of the row's type notify anyone: not a silent or system type, and Notify exists. */
function notifies(items: ItemService, row: ItemRow): boolean {
  const t = items.registry.type(row.type);
  return !!t && !t.silent && !row.type.startsWith(SYSTEM_TYPE_PREFIX) && !!items.registry.type('Notify');
}

/**
 * The preferences and authors of the notification's context. An item just created has none:
 * nobody could have chosen anything about it, and a new thread has no messages yet (a message
 * names an existing thread, and this hook, core's, runs before any later module's afterWrite
 * could write one). The rest are read, or taken from what the batch read ahead.
 */
function prefsOf(tx: Executor, e: WriteEvent, context: ItemRow): Promise<ItemPrefs> | ItemPrefs {
  if (e.kind === 'created' && context.id === e.row.id) return { prefs: new Map(), authors: [] };
  return prefsFor(tx, context.id, context.type === 'Thread');
}

/**
 * The readAhead hook (group commit): the preferences of the contexts a batch of updates will
 * notify about, in one statement. A message's context is its thread, as in contextOf.
 */
export async function readNotifyPrefsAhead(tx: Executor, rows: readonly ItemRow[], items: ItemService) {
  const contexts = rows
    .filter((row) => notifies(items, row))
    .map((row) => {
      const thread = row.type === 'Message' && typeof row.data.thread === 'string' ? row.data.thread : null;
      const id = thread ?? row.id;
      return { id, withAuthors: tryParseId(id)?.type === 'Thread' };
    });
  if (contexts.length > 1) await readPrefsAhead(tx, contexts);
}

/**
 * The write hook ('*' afterWrite) that turns an item's event into Notify items, inside the
 * write's transaction: a notification exists exactly when its event does. Each recipient is
 * checked against the access policy here, and again on every read (the Notify follows its
 * context). Types declared `silent` (Notify itself, Event, Task, File) and system types notify
 * nobody, and neither a system bump ('touched') nor a deletion is news.
 */
export async function notifyFollowers(tx: Executor, e: WriteEvent): Promise<void> {
  const { items } = e;
  // Whatever its kind: a message written changes its thread's authors, read ahead or not.
  if (e.row.type === 'Message') forgetPrefsAhead(tx);
  // A deletion is not followed either: the notification would point at an item nobody may open.
  if (!notifies(items, e.row) || e.kind === 'touched' || e.kind === 'deleted') return;
  const { context, eventContext } = await contextOf(tx, e.row);
  const { prefs, authors } = await prefsOf(tx, e, context);
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
    // Only an active account (not blocked) is told: a notification names its item.
    const p = await activePrincipal(tx, userId);
    if (!p) continue;
    if (!(await items.policy.can(p, 'read', context, load))) continue;
    if (eventRow && !(await items.policy.can(p, 'read', eventRow, load))) continue;
    const data: Record<string, unknown> = {
      kind: kindFor(e, eventContext, userId),
      recipient: userId,
      context: context.id,
      event: e.eventId,
      unread: true,
    };
    if (eventContext) data.eventContext = eventContext;
    // Through the item service: the Notify gets its Event and NOTIFY like any item.
    await items.createIn(tx, SYSTEM, 'Notify', data, {
      actor: e.actor,
      realActor: e.realActor,
      owner: null,
      access: 'PRIVATE',
    });
  }
}
