import { defineClientModule } from '../../../client/module-api';

/** The workflow module's client half: the designer screen, the workflow panel on items. */
export const client = defineClientModule({
  id: 'workflow',
  strings: () => import('../i18n/en').then((m) => m.workflowEn),
});
