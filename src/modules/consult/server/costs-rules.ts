import { roleRank } from '../../../protocol/access-levels';
import type { FieldError } from '../../../protocol/errors';
import { AppError, rankIn, SYSTEM, type BeforeWriteContext, type Executor } from '../../../server/module-api';
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
