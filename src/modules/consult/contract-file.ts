import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';

// The referral's file (issue 37 Deliver 4; docs/consultation-screens.md "The file"): one
// timeline of everything about a consultation, each moment in words on the record. Gathered by
// server/file-timeline.ts from what the caller may read, and nothing else: the consultation's
// and its responses' histories, the call logs and meetings about it, its conversations, files
// and sent letters.

/** What happened, as the record words it (i18n `consult.file.<kind>`). */
export const FILE_MOMENT_KINDS = [
  'created',
  'state',
  'assigned',
  'unassigned',
  'step',
  'commLog',
  'meeting',
  'thread',
  'file',
  'letter',
] as const;
export type FileMomentKind = (typeof FILE_MOMENT_KINDS)[number];

/** The most moments one answer holds (newest first); `more` says whether older ones were left. */
export const FILE_MOMENTS_MAX = 300;

const Id = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*-[1-9]\d{0,15}$/, 'an item id');

export const FileMomentZ = z.strictObject({
  kind: z.enum(FILE_MOMENT_KINDS),
  /** ISO date-time, or a plain date for a day's meeting or call (no hour known). */
  at: z.string(),
  /** The person who did it (a User id; named in `$labels` only when the caller may read them). */
  actor: z.string().nullable(),
  /** What to open: the consultation, a response, a call log, a meeting, a thread, a file. */
  item: Id,
  /** The item's type: the words differ for a referral, a response and a letter. */
  type: z.string(),
  /** A state change: the enumeration values, worded by the client (never shown as keys). */
  from: z.string().optional(),
  to: z.string().optional(),
  /** The subject, summary, file name or step name, as the caller may read it. */
  title: z.string().optional(),
  /** The person assigned, or spoken with (ids, named in `$labels`). */
  people: z.array(z.string()).optional(),
  /** A call log's kind of communication (COMMLOG_TYPES value) and a meeting's start (HH:MM). */
  lov: z.string().optional(),
  time: z.string().optional(),
});
export type FileMoment = z.infer<typeof FileMomentZ>;

export const fileActs = defineActs({
  /** The consultation's file, newest first, as the caller may read it. */
  cnsFileTimeline: {
    body: z.strictObject({ consultation: z.string().regex(/^Consultation-[1-9]\d*$/) }),
    reply: z.strictObject({
      moments: z.array(FileMomentZ),
      $labels: z.record(z.string(), z.string()),
      more: z.boolean(),
    }),
  },
});
export type FileActs = typeof fileActs;
