import { lazy } from 'react';
import type { ItemSection } from '../../../../client/module-api';
import { LETTER_BODY_EDITOR } from '../../letter-types';

// The letters' parts of the consult client half: the consultation record's "Sent letters" (its
// kept letter files) and the template text's editor (placeholder picker, live preview).

export const letterSections: readonly ItemSection[] = [
  {
    id: 'consultSentLetters',
    // Beside the files (Attachments is 10), before the responses (15).
    order: 12,
    applies: (item) => item._t === 'Consultation' && !!item.$id,
    component: lazy(() => import('./SentLettersSection').then((m) => ({ default: m.SentLettersSection }))),
  },
];

export const letterFieldEditors = {
  [LETTER_BODY_EDITOR]: lazy(() => import('./TemplateBodyField')),
};
