import type { ServerModule } from '../../../server/module-api';
import { seedVocabDemo } from './demo';
import { vocabHooks } from './hooks';

/** The vocabulary module's server half (docs/vocabulary.md): derived fields and the demo word list. */
export const server: ServerModule = {
  id: 'vocab',
  acts: {},
  hooks: vocabHooks,
  seedDemo: seedVocabDemo,
};
