import { defineClientModule } from '../../../client/module-api';

/** The consultation module's client half. */
export const client = defineClientModule({
  id: 'consult',
  strings: () => import('../i18n/en').then((m) => m.consultEn),
});
