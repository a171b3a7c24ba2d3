import { fillTemplate, type LetterValues } from '../../letter-fill';
import { LETTER_FIELDS, type LetterField } from '../../letter-types';

// The template editor's pure parts (tested in letters-client.test.ts): the fields offered by the
// picker in groups, inserting one at the caret, and the live preview's text, filled with sample
// values so staff see the letter as it reads, gaps and all.

/** The picker's groups, in the order a letter reads. */
export const FIELD_GROUPS: readonly { id: string; fields: readonly LetterField[] }[] = [
  { id: 'addressee', fields: ['addressee.name', 'addressee.organisation', 'proponent.name'] },
  {
    id: 'referral',
    fields: [
      'consultation.fileNumber',
      'project.name',
      'project.description',
      'project.location',
      'consultation.submitted',
      'consultation.requestedResponseDate',
    ],
  },
  {
    id: 'response',
    fields: [
      'response.concerns',
      'response.overlaySummary',
      'response.outcome',
      'response.priority',
      'response.anticipatedResponse',
    ],
  },
  { id: 'sender', fields: ['community.name', 'signatory.name', 'signatory.title', 'today'] },
];

/** Every field is in exactly one group (a new field must be placed). */
export const groupedFields = (): LetterField[] => FIELD_GROUPS.flatMap((g) => g.fields);

/** The text with `{{field}}` put in place of the selection; the caret goes after it. */
export function insertPlaceholder(
  text: string,
  start: number,
  end: number,
  field: LetterField,
): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  const token = `{{${field}}}`;
  return { text: text.slice(0, a) + token + text.slice(b), caret: a + token.length };
}

type T = (key: string) => string;

/** Sample values for the live preview, in the UI's language (`consult.letter.samples.*`). */
export function sampleValues(t: T, own: { signatoryName?: unknown; signatoryTitle?: unknown }): LetterValues {
  const v: LetterValues = {};
  for (const f of LETTER_FIELDS) v[f] = t(`consult.letter.samples.${f}`);
  v['response.concerns'] = [t('consult.letter.samples.concern1'), t('consult.letter.samples.concern2')];
  v['response.overlaySummary'] = {
    lead: t('consult.letter.samples.overlayLead'),
    items: [t('consult.letter.samples.overlayItem')],
  };
  // The signatory the form names now, so the preview follows what is typed.
  const name = typeof own.signatoryName === 'string' ? own.signatoryName.trim() : '';
  const title = typeof own.signatoryTitle === 'string' ? own.signatoryTitle.trim() : '';
  v['signatory.name'] = name || null;
  v['signatory.title'] = title || null;
  return v;
}

/** The template as a letter would read with sample values; unknown fields stay visible. */
export const previewOf = (body: string, values: LetterValues) => fillTemplate(body, values);
