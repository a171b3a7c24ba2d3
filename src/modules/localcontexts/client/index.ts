import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';

/**
 * The Local Contexts module's client half (docs/local-contexts.md): the label badges on every item
 * (record header and search results), the grouped label picker of the `$tkLabels` field, and the
 * label names the search facet shows (its strings, `values.$tkLabels`). No capability, so it loads
 * for everyone who signs in: labels show wherever their item does.
 */
export const client = defineClientModule({
  id: 'localcontexts',
  strings: () => import('../i18n/en').then((m) => m.localContextsEn),
  itemBadges: lazy(() => import('./LabelBadges')),
  fieldEditors: { localContextsLabels: lazy(() => import('./LabelsField')) },
});
