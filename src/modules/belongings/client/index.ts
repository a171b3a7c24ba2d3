import DiamondOutlined from '@mui/icons-material/DiamondOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { INSTITUTIONS_VIEW, REPATRIATION_VIEW } from '../views';

/**
 * The belongings module's client half (docs/belongings.md): the museums-and-holders screen
 * (searchBelongingOrgs), the repatriation board, and the repatriation history on a belonging's
 * record. The catalogue and the exhibitions are the generic search (views.ts); the workflow
 * panel on a belonging is the workflow module's.
 */
export const client = defineClientModule({
  id: 'belongings',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: { diamond: DiamondOutlined, sticky_note_2: StickyNote2Outlined },
  strings: () => import('../i18n/en').then((m) => m.belongingsEn),
  screens: {
    [INSTITUTIONS_VIEW]: lazy(() =>
      import('./InstitutionsView').then((m) => ({ default: m.InstitutionsView })),
    ),
    [REPATRIATION_VIEW]: lazy(() =>
      import('./RepatriationBoard').then((m) => ({ default: m.RepatriationBoard })),
    ),
  },
  itemSections: [
    {
      id: 'belongings.history',
      // Above core's generic History (90), below the fields, attachments and related items.
      order: 85,
      applies: (item) => item._t === 'Belonging' && !!item.$id,
      component: lazy(() => import('./HistorySection').then((m) => ({ default: m.HistorySection }))),
    },
  ],
});
