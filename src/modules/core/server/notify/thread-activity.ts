import { parseId } from '../../../../protocol/ids';
import {
  SYSTEM,
  type BeforeWriteContext,
  type Executor,
  type WriteEvent,
} from '../../../../server/module-api';

/*
 * Conversations sort by their latest activity: a thread's `sortTS` is set when it is created and
 * whenever a Message is added. It is system-written and does not bump `$version`, so an open
 * edit of the thread is not refused because someone replied.
 */

/** Thread beforeWrite: a new thread's activity is its creation (`now()` is the row's created_at). */
export async function stampNewThread(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind !== 'create') return;
  ctx.data.sortTS = (await ctx.items.nowIn(tx)).toISOString();
}

/** Message afterWrite: a reply moves its thread's `sortTS`, as a 'touched' event on the thread. */
export async function bumpThread(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'created') return;
  const threadId = e.row.data.thread;
  if (typeof threadId !== 'string' || parseId(threadId).type !== 'Thread') return;
  await e.items.patchIn(
    tx,
    SYSTEM,
    threadId,
    { sortTS: e.row.createdAt },
    { actor: e.actor, realActor: e.realActor, touchOnly: true },
  );
}
