import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { ORGANIZATIONS_VIEW } from '../views';
import { consultItemSections } from './item-sections';
import { responseSections } from './response';
import { stepPanels } from './steps';

/**
 * The consultation module's client half: the organisations screen, the consultation record's
 * sections and its guided create form. Every other consult screen is a list view (views.ts).
 */
export const client = defineClientModule({
  id: 'consult',
  // Two files, two owners (the consultation screens; the response screens and step panels):
  // one bundle for the module, merged deeply, so `consult.*` holds both.
  strings: () =>
    Promise.all([import('../i18n/en'), import('../i18n/en-response')]).then(([a, b]) =>
      mergeStrings(a.consultEn, b.consultResponseEn),
    ),
  screens: {
    [ORGANIZATIONS_VIEW]: lazy(() =>
      import('./organizations/OrganizationsScreen').then((m) => ({ default: m.OrganizationsScreen })),
    ),
  },
  itemSections: [...consultItemSections, ...responseSections],
  createDialogs: {
    Consultation: lazy(() =>
      import('./create/ConsultationCreateDialog').then((m) => ({ default: m.ConsultationCreateDialog })),
    ),
  },
  stepPanels,
});

type Strings = Record<string, unknown>;
const isObj = (v: unknown): v is Strings => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge of two string trees; a key in both that is not an object on both sides is a bug. */
export function mergeStrings(a: Strings, b: Strings): Strings {
  const out: Strings = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const have = out[k];
    if (have === undefined) out[k] = v;
    else if (isObj(have) && isObj(v)) out[k] = mergeStrings(have, v);
    else throw new Error(`consult strings: ${k} defined twice`);
  }
  return out;
}
