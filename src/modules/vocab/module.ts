import { defineModule } from '../../kernel/module';
import { VOCAB_LOV_LISTS, vocabTypes } from './types';
import { vocabCards, vocabDashboards, vocabNav, vocabTitles, vocabViews } from './views';

/**
 * Vocabulary (spec capability-modules §2–§3 "Vocabulary", §6; docs/vocabulary.md): words and
 * phrases with the elders' recorded voices, searchable with folding, sorted in each language's
 * own alphabet. Visible to admins or holders of Research, where the deployment names Vocab.
 */
export const vocabModule = defineModule({
  id: 'vocab',
  requires: ['core'],
  types: vocabTypes,
  server: true,
  client: true,
  capabilities: ['Research', 'Vocab'],
  lovLists: VOCAB_LOV_LISTS,
  views: vocabViews,
  nav: vocabNav,
  titles: vocabTitles,
  dashboards: vocabDashboards,
  dashboardCards: vocabCards,
});
