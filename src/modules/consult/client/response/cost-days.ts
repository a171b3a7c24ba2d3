import { daysOnFile, dueInfo } from '../record/days-left';

// "Days on file" and "days to respond" of a response's referral, as i18n keys and counts (pure,
// for the Time and expenses section and its tests): on file since the referral was submitted (or
// logged, for one the community recorded itself), and the days left to the requested response date.

export interface DayWords {
  key: string;
  count?: number;
}

/** On file since `since` (a date or a date-time), or null without a date. */
export function onFileWords(since: unknown, today: Date): DayWords | null {
  const n = daysOnFile(since, today);
  return n === null ? null : { key: 'consult.costs.onFile', count: n };
}

/** Days to the requested response date: to come, today, or past. */
export function toRespondWords(requested: unknown, today: Date): DayWords {
  const d = dueInfo(requested, today);
  if (!d) return { key: 'consult.costs.noDue' };
  if (d.days < 0) return { key: 'consult.costs.pastDue', count: -d.days };
  return { key: 'consult.costs.toRespond', count: d.days };
}
