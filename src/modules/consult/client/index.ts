import { defineClientModule } from '../../../client/module-api';
// --- cclientb: the response screens and the step panels (merge into cclienta's index.ts) ---
import { responseSections } from './response';
import { stepPanels } from './steps';
// --- end cclientb ---

/** The consultation module's client half. */
export const client = defineClientModule({
  id: 'consult',
  // --- cclientb: en-response.ts holds consult.response.* and consult.step.*, merged under `consult`.
  strings: () =>
    Promise.all([import('../i18n/en'), import('../i18n/en-response')]).then(([a, b]) => ({
      ...a.consultEn,
      consult: { ...(a.consultEn as { consult?: object }).consult, ...b.consultResponseEn.consult },
    })),
  itemSections: [...responseSections],
  stepPanels: { ...stepPanels },
  // --- end cclientb ---
});
