import { sql } from 'drizzle-orm';
import type { FieldError } from '../../../protocol/errors';
import {
  AppError,
  query,
  SYSTEM,
  type BeforeWriteContext,
  type Executor,
  type Services,
} from '../../../server/module-api';
import { contactRuleErrors, mergePatch } from './rules';

// A meeting's state is derived from its date and times (spec §3 "Meeting": PENDING, ONGOING,
// PAST). It is stored, so lists facet and filter on it, computed on every write and moved on
// by a sweep (a pg-boss cron job, once across nodes) as the clock passes. Times are HH:MM on the
// site's clock (UTC); a meeting without times lasts its whole day.

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const MEETING_SWEEP_JOB = 'consult.meetingStates';
/** Every 5 minutes: a meeting's ONGOING shows within minutes of its start. */
export const MEETING_SWEEP_CRON = '*/5 * * * *';

export function meetingState(data: Record<string, unknown>, now: Date): 'PENDING' | 'ONGOING' | 'PAST' {
  const date = String(data.date ?? '');
  const start = new Date(`${date}T${typeof data.start === 'string' ? data.start : '00:00'}:00Z`);
  const end =
    typeof data.end === 'string'
      ? new Date(`${date}T${data.end}:00Z`)
      : new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000);
  if (Number.isNaN(start.getTime())) return 'PENDING';
  if (now < start) return 'PENDING';
  return now < end ? 'ONGOING' : 'PAST';
}

/** Meeting beforeWrite: times are HH:MM, the end not before the start, and the state follows. */
export async function meetingBeforeWrite(tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const merged = ctx.kind === 'update' ? mergePatch(ctx.current!.data, ctx.data) : ctx.data;
  const errors: FieldError[] = [];
  for (const k of ['start', 'end'] as const)
    if (merged[k] !== undefined && (typeof merged[k] !== 'string' || !TIME.test(merged[k])))
      errors.push({ path: k, key: 'errors.invalidValue' });
  if (
    !errors.length &&
    typeof merged.start === 'string' &&
    typeof merged.end === 'string' &&
    merged.end < merged.start
  )
    errors.push({ path: 'end', key: 'errors.endBeforeStart' });
  // Spec §5: the other organisations' contacts must belong to one of them.
  errors.push(
    ...(await contactRuleErrors(tx, ctx.items, ctx.principal, merged, [
      { orgs: 'otherOrgs', contacts: 'otherContacts' },
    ])),
  );
  if (errors.length) throw new AppError('invalidInput', 'meeting times or contacts', { fields: errors });
  const state = meetingState(merged, await ctx.items.nowIn(tx));
  if (merged.state !== state) ctx.data.state = state;
}

/** Moves every meeting whose state the clock has changed (PENDING → ONGOING → PAST). */
export async function sweepMeetingStates(services: Services, now: Date): Promise<number> {
  const rows = await query<{ id: string; data: Record<string, unknown> }>(
    services.items.db,
    sql`select id, data from items where type = 'Meeting' and not deleted
      and coalesce(data->>'state', 'PENDING') <> 'PAST' and data->>'date' <= ${now.toISOString().slice(0, 10)}`,
  );
  let moved = 0;
  for (const r of rows) {
    const state = meetingState(r.data, now);
    if (state === r.data.state) continue;
    await services.items.transaction((tx) =>
      services.items.patchIn(tx, SYSTEM, r.id, { state }, { actor: null }),
    );
    moved++;
  }
  return moved;
}
