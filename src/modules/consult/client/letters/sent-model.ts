import type { Item } from '../../../../client/module-api';

// Which of a consultation's files are its sent letters (tested in letters-client.test.ts): the
// files of a response listed on the consultation (only a sent letter's PDF and DOCX are: the
// mirror lists a response's file there for a letter alone), not trashed, newest first as found.

export function sentLetterFiles(atts: readonly (Item | undefined)[]): Item[] {
  return atts.filter(
    (a): a is Item =>
      !!a && a.relType === 'ConsultResponse' && a.trashed !== true && typeof a.originalName === 'string',
  );
}
