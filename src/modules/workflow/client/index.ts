import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { workflowSection } from './panel/section';

/**
 * The workflow module's client half: the designer (admin.workflows) and the workflow panel on
 * every item whose type runs workflows. The item cell loads this half for such an item whatever
 * the user's capabilities (client/items/item-sections.ts modulesForType), with the halves of the
 * modules whose step kinds' panels it shows.
 */
export const client = defineClientModule({
  id: 'workflow',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: { account_tree: AccountTreeOutlined },
  strings: () => import('../i18n/en').then((m) => m.workflowEn),
  screens: {
    'admin.workflows': lazy(() =>
      import('./designer/WorkflowsView').then((m) => ({ default: m.WorkflowsView })),
    ),
  },
  itemSections: [workflowSection],
});
