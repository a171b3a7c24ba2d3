import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';

/**
 * The vocabulary module's client half (docs/vocabulary.md): the play button on every word in
 * search results, cards and flashcards, the recordings section with the recorder on a word's
 * record, and the word of the day. The list screens themselves are the generic search (views.ts).
 */
export const client = defineClientModule({
  id: 'vocab',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: { record_voice_over: RecordVoiceOverOutlined, translate: TranslateOutlined },
  strings: () => import('../i18n/en').then((m) => m.vocabEn),
  resultActions: { Lexeme: lazy(() => import('./PlayButton')) },
  itemSections: [
    {
      id: 'vocab.recordings',
      order: -5,
      applies: (item) => item._t === 'Lexeme',
      component: lazy(() => import('./RecordingsSection')),
    },
  ],
  dashboardCards: { WordOfTheDay: lazy(() => import('./WordOfTheDay')) },
});
