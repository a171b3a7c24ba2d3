import { defineItemType } from '../../kernel/item-type';

// Response letters (issue 16, capability "response letter"): an organisation's letter
// templates and the letters drafted from them for one response. docs/consult-letters.md.

/** The capability that gates the letter steps and templates (spec §6 "response letter"). */
export const LETTER_CAPABILITY = 'ResponseLetter';

/**
 * A letter's life: DRAFT (proposed text, edited by staff, or sent back by the approver),
 * PROPOSED (waiting for the approver), APPROVED (frozen), SENT (the thread's message).
 */
export const LETTER_STATES = ['DRAFT', 'PROPOSED', 'APPROVED', 'SENT'] as const;
export type LetterState = (typeof LETTER_STATES)[number];

/** The longest letter body, in characters (a long letter is about 30 000). */
export const LETTER_MAX = 100_000;

/**
 * An organisation's letter template: Markdown with `{{field}}` placeholders (the app's rich
 * text: what the help pages use). PROTECTED: its staff read it, editors write it; never a
 * proponent's to see.
 */
export const LetterTemplate = defineItemType({
  name: 'LetterTemplate',
  label: '{title}',
  defaultIcon: 'description',
  properties: {
    title: { kind: 'string', maxLength: 300, textField: true, required: true, notBlank: true },
    description: { kind: 'text', maxLength: 2000 },
    body: { kind: 'text', maxLength: LETTER_MAX, required: true, notBlank: true },
  },
  defaultHeaders: ['title', '_c.ts'],
  access: { create: ['editor'], defaultLevel: 'PROTECTED' },
});

/**
 * One letter of a response, drafted from a template. It follows the response (whoever reads the
 * response reads it: the community's staff, never the proponent); all its writes are acts
 * (server/letters/acts.ts), which keep the states above.
 */
export const ResponseLetter = defineItemType({
  name: 'ResponseLetter',
  label: '{subject}',
  defaultIcon: 'mail',
  attachments: true,
  properties: {
    response: { kind: 'relation', types: ['ConsultResponse'], required: true, write: 'system' },
    template: { kind: 'relation', types: ['LetterTemplate'], write: 'system' },
    subject: { kind: 'string', maxLength: 300, textField: true, write: 'system' },
    body: { kind: 'text', maxLength: LETTER_MAX, write: 'system' },
    state: { kind: 'enum', values: LETTER_STATES, facet: true, write: 'system' },
    /** Placeholders the template named that had no value when it was filled. */
    missing: { kind: 'string', list: true, write: 'system' },
    /** The approver's note when they sent the letter back. */
    returnNote: { kind: 'text', maxLength: 5000, write: 'system' },
    approvedBy: { kind: 'relation', types: ['User'], write: 'system' },
    approvedAt: { kind: 'dateTime', write: 'system' },
    thread: { kind: 'relation', types: ['Thread'], write: 'system' },
    pdf: { kind: 'relation', types: ['Attachment'], write: 'system' },
    docx: { kind: 'relation', types: ['Attachment'], write: 'system' },
  },
  defaultHeaders: ['subject', 'state', '_c.ts'],
  stateField: 'state',
  access: { create: 'admin', defaultLevel: 'PROTECTED', follows: 'response' },
});

export const letterTypes = [LetterTemplate, ResponseLetter] as const;
