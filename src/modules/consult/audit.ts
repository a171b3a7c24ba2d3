// consult.audit's constants for both halves (docs/consult-audit.md): what it lists, its CSV, and
// the event kinds in English words, shared by the screen (through the module's i18n bundle,
// i18n/en-audit.ts) and the CSV the server writes. No zod here: the screen's chunk imports it.

/** The item types whose events the audit lists (consultations, responses and what hangs on them). */
export const AUDIT_TYPES = [
  'Consultation',
  'ConsultResponse',
  'ConsultResponseSection',
  'ConsultResponseConcern',
  'CommLog',
  'Meeting',
] as const;

/** The kind a row has when it is an audited open of a PRIVATE item (read_audit), not an event. */
export const OPENED_KIND = 'opened';
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_CSV_NAME = 'consult-audit.csv';
export const AUDIT_CSV_PATH = '/api/consult/audit.csv';

/** The filters the screen, the act and the CSV take (dates: whole UTC days, both ends included). */
export const AUDIT_FILTER_KEYS = ['person', 'kind', 'consultation', 'from', 'to'] as const;

// A kind not listed below is shown made readable ("WKF_STEP_DUE_REMINDED" → "Wkf step due reminded").
export const AUDIT_KIND_WORDS: Readonly<Record<string, string>> = {
  opened: 'Opened (private)',
  created: 'Created',
  updated: 'Changed',
  deleted: 'Deleted',
  touched: 'New activity',
  granted: 'Access granted',
  grantRemoved: 'Access removed',
  mailed: 'E-mailed',
  mailFailed: 'E-mail failed',
  CNS_SUBMITTED: 'Submitted',
  CNS_ASSIGNED: 'Assigned',
  CNS_UNASSIGNED: 'Unassigned',
  CNS_WITHDRAWN: 'Withdrawn',
  CNS_CLOSED: 'Closed',
  CNS_DISTRIBUTED: 'Distributed',
  WKF_MANUAL_INIT: 'Workflow started',
  WKF_FORCED_STATE: 'Workflow state forced',
  WKF_STEP_STATE_SET: 'Step moved',
  WKF_STEP_STATE_FORCED: 'Step state forced',
  WKF_STEP_ASSIGNED: 'Step assigned',
  WKF_STEP_UNASSIGNED: 'Step unassigned',
  WKF_STEP_DUE_REMINDED: 'Step reminder sent',
  WKF_CLEARED: 'Workflow cleared',
  WKF_APPLIED_STEPS: 'Steps applied',
  RWF_SECTION_UPDATED: 'Section updated',
  RWF_CONCERN_CREATED: 'Concern recorded',
};

/** The kinds offered in the screen's kind filter, in this order. */
export const AUDIT_FILTER_KINDS = Object.keys(AUDIT_KIND_WORDS);

/** A kind's words: the table's, else the kind made readable. */
export function auditKindWords(kind: string): string {
  const known = AUDIT_KIND_WORDS[kind];
  if (known) return known;
  const words = kind
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
