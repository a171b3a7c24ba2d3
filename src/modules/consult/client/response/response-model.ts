// The pure parts of the response screens (unit-tested in consult/test/response-model.test.ts):
// how far a due date is, what the send dialog refuses before asking the server, chip colours.

/** The purposes of a thread sent from a response to the proponent (design "Acts"). */
export const SEND_PURPOSES = ['CONSULT_RESPONSE', 'CONSULT_ACK', 'RESPONSE_CONTRACT'] as const;
export type SendPurpose = (typeof SEND_PURPOSES)[number];

/** A response and a contract go out with their letter; an acknowledgement may be words only. */
export const NEEDS_ATTACHMENTS: ReadonlySet<SendPurpose> = new Set(['CONSULT_RESPONSE', 'RESPONSE_CONTRACT']);

/** The response states of spec §3 "Consultation enumerations". */
export const RESPONSE_STATES = [
  'DRAFT',
  'NOT_SELECTED',
  'PENDING',
  'RESPONDED',
  'OFFLINE',
  'NO_RESPONSE',
] as const;

export type Due =
  { kind: 'none' } | { kind: 'left'; days: number } | { kind: 'today' } | { kind: 'overdue'; days: number };

const DAY_MS = 86_400_000;

/** The user's calendar day of `now` as YYYY-MM-DD (a due date is a day, not an instant). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Days between today (in the user's calendar) and a due date (YYYY-MM-DD, or an ISO date-time
 * whose day is taken). Counting whole UTC days between the two dates keeps it free of
 * daylight-saving hours.
 */
export function dueFrom(due: unknown, now: Date): Due {
  if (typeof due !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(due)) return { kind: 'none' };
  const day = (s: string) =>
    Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
  const diff = Math.round((day(due) - day(localDay(now))) / DAY_MS);
  if (diff === 0) return { kind: 'today' };
  return diff > 0 ? { kind: 'left', days: diff } : { kind: 'overdue', days: -diff };
}

/** A due date's words (i18n key and count) and whether it is shown in the error colour. */
export function dueWords(d: Due): { key: string; count?: number; late: boolean } {
  switch (d.kind) {
    case 'none':
      return { key: 'consult.response.noDate', late: false };
    case 'today':
      return { key: 'consult.response.dueToday', late: false };
    case 'left':
      return { key: 'consult.response.daysLeft', count: d.days, late: false };
    case 'overdue':
      return { key: 'consult.response.overdue', count: d.days, late: true };
  }
}

/** A closed response is no longer late: only a PENDING (or DRAFT) one shows as overdue. */
export function isOpenResponse(state: unknown): boolean {
  return state === undefined || state === null || state === 'PENDING' || state === 'DRAFT';
}

export interface SendDraft {
  purpose: SendPurpose;
  subject: string;
  message: string;
  attachments: readonly string[];
}

export interface SendProblems {
  subject?: string;
  message?: string;
  attachments?: string;
}

/** What the send dialog refuses before asking the server (the server checks the same again). */
export function sendErrors(d: SendDraft): SendProblems {
  const out: SendProblems = {};
  if (!d.subject.trim()) out.subject = 'consult.response.subjectRequired';
  if (!d.message.trim()) out.message = 'consult.response.messageRequired';
  if (NEEDS_ATTACHMENTS.has(d.purpose) && d.attachments.length === 0)
    out.attachments = 'consult.response.lettersRequired';
  return out;
}

type ChipColour = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/** The response state chip's theme colour. */
export function responseStateColour(state: unknown): ChipColour {
  switch (state) {
    case 'PENDING':
      return 'info';
    case 'RESPONDED':
    case 'OFFLINE':
      return 'success';
    case 'NO_RESPONSE':
      return 'warning';
    default:
      return 'default';
  }
}

/** A relation value (one id or a list) as a list of ids. */
export function idsOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x !== '');
  return typeof v === 'string' && v ? [v] : [];
}

export type MeetingState = 'PENDING' | 'ONGOING' | 'PAST';

/**
 * A meeting's state from its date and times (HH:MM on the site's clock, UTC, as the Meeting type
 * stores them): before its start PENDING, between start and end ONGOING, after PAST. Without
 * times the whole day counts; without an end, the meeting lasts until the end of its day. The
 * server keeps the same state in the item (`state`); this is for the moments between its sweeps.
 */
export function meetingState(date: unknown, start: unknown, end: unknown, now: Date): MeetingState | null {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date.slice(0, 10))) return null;
  const hhmm = (v: unknown, fallback: string) =>
    typeof v === 'string' && /^\d{2}:\d{2}/.test(v) ? v.slice(0, 5) : fallback;
  const iso = now.toISOString();
  const today = iso.slice(0, 10);
  const day = date.slice(0, 10);
  if (day < today) return 'PAST';
  if (day > today) return 'PENDING';
  const clock = iso.slice(11, 16);
  if (clock < hhmm(start, '00:00')) return 'PENDING';
  return clock < hhmm(end, '24:00') ? 'ONGOING' : 'PAST';
}
