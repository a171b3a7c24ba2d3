import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { FORM_TYPES } from './types';

// The forms' acts (docs/geokeeper-forms.md "XLSForm import"). importGeoKeeperXlsForm: an .xlsx
// sent in the body (base64; bounded so the message fits the socket's limit), compiled on the
// server (server/xlsform/), its problems reported by sheet, row and column; then, unless it is a
// dry run, a new GeoKeeperFormDef or a new definition of an existing one, written through the
// item service (so only staff and above of the owner may, as for any form).

/** An XLSForm sent in the body: at most this many bytes (Kobo's forms are rarely over 200 KB). */
export const XLSFORM_BODY_MAX_BYTES = 700_000;
const BASE64_MAX = Math.ceil(XLSFORM_BODY_MAX_BYTES / 3) * 4;

export const XlsFormProblemWire = z.strictObject({
  sheet: z.enum(['survey', 'choices', 'settings']).nullable(),
  row: z.number(),
  column: z.string().optional(),
  key: z.string(),
  severity: z.enum(['error', 'warning']),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type XlsFormProblemWire = z.infer<typeof XlsFormProblemWire>;

export const geokeeperFormActs = defineActs({
  importGeoKeeperXlsForm: {
    body: z.strictObject({
      /** The .xlsx file, base64. */
      file: z
        .string()
        .min(4)
        .max(BASE64_MAX, `at most ${XLSFORM_BODY_MAX_BYTES} bytes`)
        .regex(/^[A-Za-z0-9+/]+=*$/, 'base64'),
      /** A new definition of this form; else a new form of `program`. */
      formDef: z
        .string()
        .regex(/^GeoKeeperFormDef-[1-9][0-9]*$/)
        .optional(),
      program: z
        .string()
        .regex(/^GeoKeeperProgram-[1-9][0-9]*$/)
        .optional(),
      /** A new form's name and kind (its title in the file, and RECORD, when not given). */
      label: z.string().trim().min(1).max(300).optional(),
      formType: z.enum(FORM_TYPES).optional(),
      /** Only compile and report: nothing is written. */
      dryRun: z.boolean().optional(),
    }),
    reply: z.strictObject({
      problems: z.array(XlsFormProblemWire),
      /** How many fields compiled (groups and repeats count, with what they hold). */
      fieldCount: z.number(),
      title: z.string().optional(),
      /** The form written (not on a dry run, nor when nothing compiled). */
      formDef: z.string().optional(),
      version: z.number().optional(),
    }),
  },
});
