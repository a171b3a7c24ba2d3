// The fieldwork panels' pure rules (docs/geokeeper.md "Fieldwork jobs").

/** The fields a refused step completion names, said in the panel's own words. */
const REFUSAL_PATHS = new Set(['thread', 'report', 'workItems', 'fieldData', 'finalized', 'job', 'jobDone']);

/** A refusal's message key: the step's own words for what is missing, else the catalogue's. */
export function refusalKey(e: unknown): string {
  if (!e || typeof e !== 'object') return 'errors.generalFailure';
  const o = e as { userMessage?: unknown; fields?: unknown };
  const fields = Array.isArray(o.fields) ? (o.fields as { path?: unknown }[]) : [];
  const path = fields
    .map((f) => f.path)
    .find((p): p is string => typeof p === 'string' && REFUSAL_PATHS.has(p));
  if (path) return `geokeeper.fieldwork.refusals.${path}`;
  return typeof o.userMessage === 'string' ? `errors.${o.userMessage}` : 'errors.generalFailure';
}

/** The thread purpose each fieldwork step sends. */
export const STEP_PURPOSE = {
  GKF_CONFIRM: 'CONFIRM_FIELDWORK',
  GKF_REPORT: 'FIELDWORK_REPORT',
  GKF_INVOICE: 'FIELDWORK_INVOICE',
} as const;
export type ThreadStepKind = keyof typeof STEP_PURPOSE;

export interface SendDraft {
  subject: string;
  message: string;
  attachments: readonly string[];
}
export type SendProblems = Partial<Record<keyof SendDraft, string>>;

/** What the send dialog refuses before anything is sent (the server checks the same). */
export function sendProblems(kind: ThreadStepKind, d: SendDraft): SendProblems {
  const out: SendProblems = {};
  if (!d.subject.trim()) out.subject = 'geokeeper.fieldwork.required.subject';
  if (!d.message.trim()) out.message = 'geokeeper.fieldwork.required.message';
  if (kind === 'GKF_REPORT' && d.attachments.length === 0)
    out.attachments = 'geokeeper.fieldwork.required.attachments';
  return out;
}

/** A work item's progress from its records: how many, how many finalized. */
export function progressOf(
  records: readonly object[],
  workItem: string,
): { records: number; finalized: number } {
  const rows = records as readonly Readonly<Record<string, unknown>>[];
  const mine = rows.filter((r) => r.workItem === workItem && r.formType === 'RECORD');
  return {
    records: mine.length,
    finalized: mine.filter((r) => typeof r.finalized === 'string' && r.finalized).length,
  };
}
