import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { ORGS_VIEW } from '../views';

/**
 * The archive module's client half (docs/archive.md): the source organisations screen and the
 * "In the archive" section on any record that archive entries relate to. The catalogue and the
 * imports are the generic search (views.ts); thumbnails come from ArchiveEntry's `cardImage`.
 */
export const client = defineClientModule({
  id: 'archive',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: { inventory_2: Inventory2Outlined },
  strings: () => import('../i18n/en').then((m) => m.archiveEn),
  screens: { [ORGS_VIEW]: lazy(() => import('./SourceOrgsScreen')) },
  itemSections: [
    {
      id: 'archive.related',
      order: 20,
      // Any record but the archive's own and the files and lists under everything.
      applies: (item) => !['ArchiveEntry', 'Attachment', 'LOVValue', 'Task', 'Event'].includes(item._t),
      component: lazy(() => import('./RelatedEntriesSection')),
    },
  ],
});
