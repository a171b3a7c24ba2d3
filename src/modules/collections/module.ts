import { defineModule } from '../../kernel/module';
import { collectionsTypes } from './types';
import { collectionsNav, collectionsTitles, collectionsViews } from './views';

/**
 * Collections (spec capability-modules §3 "Collection", §7 addRels/removeRels; docs/collections.md):
 * hand-curated or search-defined groups of items, nested, shown as exhibitions.
 */
export const collectionsModule = defineModule({
  id: 'collections',
  requires: ['core'],
  types: collectionsTypes,
  client: true,
  server: true,
  views: collectionsViews,
  nav: collectionsNav,
  titles: collectionsTitles,
});
