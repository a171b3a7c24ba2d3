import { roleRank } from '../../../protocol/access-levels';
import type { FieldError } from '../../../protocol/errors';
import { sql } from 'drizzle-orm';
import {
  AppError,
  loadRowAsSystem,
  query,
  rankIn,
  SYSTEM,
  type BeforeWriteContext,
  type Executor,
  type WriteEvent,
} from '../../../server/module-api';
import { MAX_ENTRY_HOURS } from '../types-costs';
import { mergePatch } from './rules';

// The write rules of time entries and rates the type declarations cannot say (docs/consultation.md
// "Time and expenses"). An expense's amount needs none: NATURAL is already "whole cents above 0".

const ORG_ADMIN = roleRank('orgAdmin');

/** Whether a number of hours is one an entry may hold: more than 0, at most a day's. */
export function hoursInRange(v: unknown): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_ENTRY_HOURS;
}

/** ConsultTimeEntry beforeWrite: hours in range (a field error), and the writer as the person by default. */
export async function timeEntryBeforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  if (ctx.kind === 'delete') return;
  const merged = ctx.kind === 'update' ? mergePatch(ctx.current!.data, ctx.data) : ctx.data;
  const errors: FieldError[] = [];
  // A type error (a string) is the validator's own message; this one is the range.
  if (typeof merged.hours === 'number' && !hoursInRange(merged.hours))
    errors.push({ path: 'hours', key: 'errors.hoursRange', params: { max: MAX_ENTRY_HOURS } });
  if (errors.length) throw new AppError('invalidInput', 'time entry hours', { fields: errors });
  if (ctx.kind === 'create' && merged.person === undefined && ctx.principal.userId)
    ctx.data.person = ctx.principal.userId;
}

/**
 * ConsultRate beforeWrite: the rates are the community's orgAdmins' to change (the policy would
 * let its editors update any PROTECTED item; a rate is what the community bills, so not theirs).
 * Creating one already needs orgAdmin (the type's `create`).
 */
export async function rateBeforeWrite(_tx: Executor, ctx: BeforeWriteContext): Promise<void> {
  const p = ctx.principal;
  if (ctx.kind === 'create' || p === SYSTEM || p.admin) return;
  if (rankIn(p, ctx.current?.owner ?? null) < ORG_ADMIN)
    throw new AppError('notAllowed', 'only the community’s administrators change its rates');
}

/** The types that live with their response's owner (below). */
const ENTRY_TYPES = ['ConsultTimeEntry', 'ConsultExpense'];

/**
 * ConsultTimeEntry and ConsultExpense afterWrite: an entry lives in its response's community.
 * Who reads it is the response's rule alone (it follows the response), so its owner opens
 * nothing; but the desk's cost charts find a community's entries by owner and date (an index
 * per type: probing each of 6,000 readable responses for its entries was most of the chart's
 * time), so an entry whose owner drifted from its response's would be missing from them while
 * its invoice counts it. An entry is never moved alone; it moves with its response (below).
 */
export async function entryLivesWithResponse(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind === 'deleted' || e.kind === 'touched') return;
  const id = e.row.data.response;
  // As the system: only its owner is compared, with the entry just written; nothing is shown.
  const response = typeof id === 'string' ? await loadRowAsSystem(tx, id) : null;
  if (!response || response.owner === e.row.owner) return;
  throw new AppError('notAllowed', `${e.row.id} lives with its response; move the response instead`);
}

/** ConsultResponse afterWrite: moved to another organisation, its time entries and expenses go with it. */
export async function moveEntriesWithResponse(tx: Executor, e: WriteEvent): Promise<void> {
  if (e.kind !== 'updated' || !e.changes?.owner) return;
  // One type at a time: each has its own index on `response`.
  const rows: { id: string }[] = [];
  for (const type of ENTRY_TYPES)
    rows.push(
      ...(await query<{ id: string }>(
        tx,
        sql`select id from items where type = ${type} and data->>'response' = ${e.row.id} and not deleted`,
      )),
    );
  for (const { id } of rows)
    await e.items.patchIn(tx, SYSTEM, id, { owner: e.row.owner }, { actor: e.actor, realActor: e.realActor });
}
