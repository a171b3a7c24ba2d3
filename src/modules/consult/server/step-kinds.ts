import { sql } from 'drizzle-orm';
import {
  AppError,
  query,
  SYSTEM,
  textArray,
  type StepContext,
  type StepKindHandler,
} from '../../../server/module-api';
import { researchStepKind } from './research';
import { snapshotSummary } from './snapshot';

// What the response workflow's step kinds mean on the server (docs/consultation.md "Step
// kinds"): each check runs in the step move's transaction, and an AppError refuses the move.

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function required(path: string, why: string): never {
  throw new AppError('invalidInput', why, { fields: [{ path, key: 'errors.required' }] });
}

/** Threads or meetings of the response's community about its consultation. */
async function countAbout(ctx: StepContext, type: 'Thread' | 'Meeting', purposes?: readonly string[]) {
  const consultation = ctx.item.data.consultation;
  if (typeof consultation !== 'string') return 0;
  const [r] = await query<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from items where type = ${type} and not deleted
      and owner = ${ctx.item.owner} and data->>'context' = ${consultation}
      ${purposes ? sql`and data->>'purpose' = any(${textArray(purposes)})` : sql``}`,
  );
  return r?.n ?? 0;
}

/**
 * The response's state as the snapshot message the lands team reads (snapshot.ts): in words and
 * names, from the module's English bundle.
 */
async function snapshotText(ctx: StepContext): Promise<string> {
  return snapshotSummary(ctx.tx, ctx.services.items, ctx.principal, ctx.item, ctx.step.id);
}

export const consultStepKinds: Record<string, StepKindHandler> = {
  /** Completes once someone of the community is on the response (`internalContacts`). */
  RWF_ASSIGN: {
    // The response's own people (cnsAssign), not whoever a step names: the ASSIGN step itself is
    // usually assigned to the lands manager who does the assigning.
    async canComplete(ctx) {
      if (list(ctx.item.data.internalContacts).length === 0)
        required('internalContacts', 'assign someone to the response first');
    },
  },
  RWF_SIMPLE: { adHoc: true },
  /** The research checklist (research.ts): completes once every source is checked. */
  RWF_RESEARCH: researchStepKind,
  /**
   * When it becomes ACTIVE it posts the response's state to the community's internal thread
   * about the consultation (no purpose, never shared). It stays ACTIVE until a person completes
   * it: completing the step before it must never finish this one too, unseen (one click, one
   * step; issue 37 found "Run the overlay" completing the overlay and a snapshot after it).
   */
  RWF_SNAPSHOT: {
    async onActive(ctx) {
      const { items } = ctx.services;
      const actor = ctx.principal.userId;
      // The thread carries the response's restriction (a PRIVATE response's state stays with its
      // orgAdmins, an Elders-only one's with the Elders): the copy is never more open than its source.
      const r = ctx.item;
      const thread = await items.createIn(
        ctx.tx,
        SYSTEM,
        'Thread',
        {
          subject: String(r.data.projectName ?? r.id),
          context: r.data.consultation ?? r.id,
          ...(r.protocols?.length ? { $protocols: r.protocols, $protocolsStrict: r.protocolStrict } : {}),
        },
        { actor, owner: r.owner, access: r.access === 'PRIVATE' ? 'PRIVATE' : 'PROTECTED' },
      );
      await items.createIn(
        ctx.tx,
        SYSTEM,
        'Message',
        { thread: thread.id, body: await snapshotText(ctx) },
        { actor },
      );
    },
  },
  /** Completes once the response's outcome is recorded. */
  RWF_OUTCOME: {
    async canComplete(ctx) {
      if (typeof ctx.item.data.outcome !== 'string' || !ctx.item.data.outcome)
        required('outcome', 'record the outcome first');
    },
  },
  /** Completes once a response or an acknowledgement was sent to the proponent. */
  RWF_THREAD: {
    adHoc: true,
    async canComplete(ctx) {
      if ((await countAbout(ctx, 'Thread', ['CONSULT_RESPONSE', 'CONSULT_ACK'])) === 0)
        required('thread', 'send the response or an acknowledgement first');
    },
  },
  /** Completes once a meeting about the consultation is recorded. */
  RWF_MEETING: {
    adHoc: true,
    async canComplete(ctx) {
      if ((await countAbout(ctx, 'Meeting')) === 0) required('meeting', 'record the meeting first');
    },
  },
};
