import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { LETTER_MAX, LETTER_STATES } from './letter-types';

// The response-letter acts (docs/consult-letters.md). Each is community staff's work on a
// response they may read, under the "response letter" capability; the approver's decision is
// the RWF_LETTER_APPROVE step itself (wfSetStepState), which only the chosen approver completes.

const id = (type: string) => z.string().regex(new RegExp(`^${type}-[1-9][0-9]*$`), `a ${type} id`);
const LetterReply = z.strictObject({
  $id: z.string(),
  state: z.enum(LETTER_STATES),
  missing: z.array(z.string()),
});

export const letterActs = defineActs({
  /** Drafts the response's letter from a template, filled with the consultation's and response's values. */
  rwfLetterPropose: {
    body: z.strictObject({ response: id('ConsultResponse'), template: id('LetterTemplate') }),
    reply: LetterReply,
  },
  /** Saves the staff's edit of a letter not yet approved; `submit` hands a sent-back letter to the approver again. */
  rwfLetterSave: {
    body: z.strictObject({
      letter: id('ResponseLetter'),
      subject: z.string().trim().min(1).max(300),
      body: z.string().trim().min(1).max(LETTER_MAX),
      submit: z.boolean().optional(),
    }),
    reply: LetterReply,
  },
  /** The chosen approver sends the letter back to be edited, with a note. */
  rwfLetterReturn: {
    body: z.strictObject({ letter: id('ResponseLetter'), note: z.string().trim().min(1).max(5000) }),
    reply: LetterReply,
  },
  /**
   * The letter's PDF exactly as rwfLetterSend would make it now (base64), and who it would go
   * to: the proponent organisations and the people the thread names, as far as the caller may
   * read them (`others` counts the people they may not).
   */
  rwfLetterPreview: {
    body: z.strictObject({ letter: id('ResponseLetter') }),
    reply: z.strictObject({
      pdf: z.string(),
      recipients: z.array(
        z.strictObject({
          kind: z.enum(['organisation', 'person']),
          name: z.string(),
          email: z.string().nullable(),
          organisation: z.string().nullable(),
        }),
      ),
      others: z.number().int().nonnegative(),
      /** The consultation's regulators the caller may read, by name: who a copy would go to. */
      regulators: z.array(z.string()),
    }),
  },
  /** Sends the approved letter: its text is the CONSULT_RESPONSE thread's message, with the letter as PDF and DOCX. */
  rwfLetterSend: {
    /** copyRegulators: the consultation's REGULATOR organisations read the letter's thread too. */
    body: z.strictObject({ letter: id('ResponseLetter'), copyRegulators: z.boolean().optional() }),
    reply: z.strictObject({ thread: z.string(), message: z.string(), pdf: z.string(), docx: z.string() }),
  },
});
export type LetterActs = typeof letterActs;
