import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { TaskStarted } from '../../kernel/task-started';

// The genealogy's GEDCOM acts (docs/research-gedcom.md): both run as background tasks
// (act/{name}/async), as the person who asked, so the access policy applies to every record.

const ImportId = z.string().regex(/^Import-[1-9][0-9]*$/, 'an Import id');

export const gedcomAsyncActs = defineActs(
  {
    /**
     * The GEDCOM file (5.5.1 or 7; UTF-8, ANSEL or ANSI) attached to an Import of kind CM_GEDCOM
     * read into CommunityMembers of the Import's owner, with their parent and partner links. A
     * re-import of the same file updates the members it made before. The report (every record
     * skipped and why) is stored on the Import and is the task's result.
     */
    importGedcom: { body: z.strictObject({ import: ImportId }), reply: TaskStarted },
    /**
     * Every community member the caller may read (found through search, so the policy's SQL
     * form) as one GEDCOM 5.5.1 file in UTF-8; links to members they may not read are left out.
     */
    exportGedcom: { body: z.strictObject({}), reply: TaskStarted },
  },
  { async: true },
);

/** The report of an import, stored on the Import (`importResult`) and served as the task's result. */
export interface GedcomImportResult {
  /** The file's encoding as read (UTF-8, ANSEL, Cp1252, …) and its GEDCOM version. */
  encoding: string;
  version: string | null;
  individuals: number;
  families: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Parent and partner links written (added or changed). */
  links: number;
  /** Every record left out, and why; `skippedTotal` counts them all. */
  skipped: GedcomProblem[];
  skippedTotal: number;
  /** Values kept in a note instead of a field (an unreadable date), per record. */
  warnings: GedcomProblem[];
  warningsTotal: number;
}

export interface GedcomProblem {
  /** The record's xref (@I12@) or, without one, its tag. */
  record: string;
  /** The line the record starts on (1-based). */
  line: number;
  /** An i18n key under research.gedcom.problem. */
  key: string;
  /** The value the problem is about (a date as written, a missing xref). */
  value?: string;
}

/** Problems kept on the Import; the totals are always whole. */
export const GEDCOM_PROBLEMS_KEPT = 2000;
