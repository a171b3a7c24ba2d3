import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';

/** The collections module's client half (docs/collections.md): a collection's page as an exhibition. */
export const client = defineClientModule({
  id: 'collections',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: { collections_bookmark: CollectionsBookmarkOutlined },
  strings: () => import('../i18n/en').then((m) => m.collectionsEn),
  itemSections: [
    {
      id: 'collections.exhibition',
      order: -10,
      belowHeader: true,
      // The section edits the members and the membership search itself.
      omit: ['rel', 'membershipQuery'],
      applies: (item) => item._t === 'Collection',
      component: lazy(() => import('./ExhibitionSection')),
    },
  ],
});
