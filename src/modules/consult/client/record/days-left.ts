// How near a consultation's requested response date is, in whole days (pure, for the summary
// header and its tests). Dates are calendar days (YYYY-MM-DD): the time of day never matters,
// and "due today" is 0 days left, not overdue.

export type DueTone = 'none' | 'ok' | 'soon' | 'today' | 'overdue';

/** Days a tone turns from ok to soon (a working week). */
export const SOON_DAYS = 7;

export interface DueInfo {
  /** Whole days from today to the date: negative when past. */
  days: number;
  tone: DueTone;
}

/** The local calendar day of a moment, as days since the epoch. */
function dayNumber(y: number, m: number, d: number): number {
  return Math.round(Date.UTC(y, m, d) / 86_400_000);
}

/** Days left until an ISO date (YYYY-MM-DD, or a date-time whose date part counts), or null. */
export function dueInfo(date: unknown, today: Date): DueInfo | null {
  if (typeof date !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return null;
  const days =
    dayNumber(Number(m[1]), Number(m[2]) - 1, Number(m[3])) -
    dayNumber(today.getFullYear(), today.getMonth(), today.getDate());
  const tone: DueTone = days < 0 ? 'overdue' : days === 0 ? 'today' : days <= SOON_DAYS ? 'soon' : 'ok';
  return { days, tone };
}

/** Whether a state still waits for an answer (a closed or withdrawn consultation is past due dates). */
export function dueMatters(state: unknown): boolean {
  return typeof state === 'string' && !['CLOSED', 'WITHDRAWN', 'RESPONDED'].includes(state);
}

/**
 * Whole calendar days a referral has been on file: from the day it was submitted (or logged, for
 * one the community recorded itself) to today; null without a date.
 */
export function daysOnFile(since: unknown, today: Date): number | null {
  const d = dueInfo(since, today);
  return d ? Math.max(0, -d.days) : null;
}
