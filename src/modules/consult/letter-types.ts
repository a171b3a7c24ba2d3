import { defineItemType } from '../../kernel/item-type';
import { COMMUNITY_KIND } from '../core/community-places';

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
 * The fields a template may name as `{{field}}` (docs/consult-letters.md "Placeholders"), in the
 * order the editor's picker offers them. Shared: the server fills them, the client offers them.
 */
export const LETTER_FIELDS = [
  'addressee.name',
  'addressee.organisation',
  'consultation.fileNumber',
  'project.name',
  'project.description',
  'project.location',
  'proponent.name',
  'community.name',
  'consultation.submitted',
  'consultation.requestedResponseDate',
  'response.anticipatedResponse',
  'response.concerns',
  'response.overlaySummary',
  'response.outcome',
  'response.priority',
  'signatory.name',
  'signatory.title',
  'today',
] as const;
export type LetterField = (typeof LETTER_FIELDS)[number];

/** The template text's field editor, registered by the client half (client/letters/TemplateBodyField). */
export const LETTER_BODY_EDITOR = 'letterTemplateBody';

/** The letterhead image's kinds: the two pdfmake prints (and Word shows). */
export const LETTERHEAD_TYPES = ['image/png', 'image/jpeg'] as const;

/**
 * An organisation's letter template: Markdown with `{{field}}` placeholders (the app's rich
 * text: what the help pages use), and what every letter from it carries around its text: the
 * letterhead image, the organisation's address, the signatory. PROTECTED: its staff read it;
 * made by the community's editors where it holds the response-letter capability; never a
 * proponent's to see.
 */
export const LetterTemplate = defineItemType({
  name: 'LetterTemplate',
  label: '{title}',
  defaultIcon: 'description',
  attachments: true,
  properties: {
    title: { kind: 'string', maxLength: 300, textField: true, required: true, notBlank: true },
    description: { kind: 'text', maxLength: 2000 },
    /** An image (PNG or JPEG) printed across the top of the first page: the file's uppyID. */
    letterhead: { kind: 'file' },
    /** The organisation's postal address, printed under the letterhead (one line each). */
    address: { kind: 'text', maxLength: 1000 },
    signatoryName: { kind: 'string', maxLength: 200, textField: true },
    signatoryTitle: { kind: 'string', maxLength: 200 },
    /** The letter's Markdown; its form field is the module's editor (placeholder picker, live preview). */
    body: { kind: 'text', maxLength: LETTER_MAX, required: true, notBlank: true, editor: LETTER_BODY_EDITOR },
  },
  defaultHeaders: ['title', 'signatoryName', '_c.ts'],
  // Made and changed by the community's editors (update is the editor's in the access model, so
  // a staff member could make one they could not correct), where it holds the capability.
  access: {
    create: ['editor'],
    defaultLevel: 'PROTECTED',
    createIn: [{ kinds: [COMMUNITY_KIND], capability: LETTER_CAPABILITY }],
  },
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
    // What the letter carries around its text, taken from the template when it is drafted (so
    // the letter sent is the one approved, whatever the template becomes): the letterhead (the
    // template's image, kept only if every reader of the letter may read it), the sender's
    // address, the signatory, the file number.
    letterhead: { kind: 'relation', types: ['Attachment'], write: 'system' },
    fromAddress: { kind: 'text', maxLength: 1000, write: 'system' },
    signatoryName: { kind: 'string', maxLength: 200, write: 'system' },
    signatoryTitle: { kind: 'string', maxLength: 200, write: 'system' },
    fileNumber: { kind: 'string', maxLength: 500, write: 'system' },
  },
  defaultHeaders: ['subject', 'state', '_c.ts'],
  stateField: 'state',
  access: { create: 'admin', defaultLevel: 'PROTECTED', follows: 'response' },
});

export const letterTypes = [LetterTemplate, ResponseLetter] as const;
