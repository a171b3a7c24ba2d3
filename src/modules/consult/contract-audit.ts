import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from './audit';

// consult.audit (issue 16 "consult.audit"; docs/consult-audit.md): every event on the
// consultation desk's items the caller may read, and the opens of its PRIVATE items, newest first,
// a page at a time. The CSV (GET /api/consult/audit.csv) takes the same filters. Constants: audit.ts.

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
const Id = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*-[1-9]\d{0,15}$/, 'an item id');

/** The filters, all optional; dates are whole days in UTC, both ends included. */
export const AuditFilter = z.strictObject({
  person: Id.optional(),
  kind: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/)
    .optional(),
  consultation: Id.optional(),
  from: Day.optional(),
  to: Day.optional(),
});
export type AuditFilter = z.infer<typeof AuditFilter>;

export const AuditRow = z.strictObject({
  /** `e<n>` for an event, `r<n>` for an audited open. */
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  itemId: z.string(),
  itemType: z.string(),
  consultation: z.string().nullable(),
  actor: z.string().nullable(),
  /** The admin behind a masquerading actor. */
  realActor: z.string().nullable(),
});
export type AuditRow = z.infer<typeof AuditRow>;

export const auditActs = defineActs({
  /** One page of the audit, newest first; `after` is the `next` of the page before. */
  cnsAudit: {
    body: AuditFilter.extend({
      after: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
    }),
    reply: z.strictObject({
      rows: z.array(AuditRow),
      next: z.string().nullable(),
      /** Labels of the items, people and consultations the caller may read. */
      $labels: z.record(z.string(), z.string()),
    }),
  },
});
