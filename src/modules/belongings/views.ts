import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';

// The belongings views as data (spec capability-modules §2 "Belongings (group belongings)"),
// for holders of the Belongings capability (admins always). The catalogue and the exhibitions
// are the generic search; the institutions list (searchBelongingOrgs) and the repatriation
// board are screens of the module's client half (client/index.ts).

export const CATALOG_VIEW = 'belongings.catalog';
export const INSTITUTIONS_VIEW = 'belongings.institutions';
export const EXHIBITIONS_VIEW = 'belongings.exhibitions';
export const REPATRIATION_VIEW = 'belongings.repatriation';
export const BELONGINGS_CAPABILITY = 'Belongings';

const GATE = { capability: BELONGINGS_CAPABILITY } as const;

export const belongingsViews: readonly ViewDecl[] = [
  {
    name: CATALOG_VIEW,
    titleKey: 'nav.belongings_catalog',
    icon: 'ListAlt',
    width: 'TWO_THIRDS',
    inNav: true,
    ...GATE,
    list: {
      types: ['Belonging'],
      defaultSort: [{ key: 'title', order: 'asc' }],
      displayAs: 'CARDS',
      dateKey: '_c.ts',
      create: true,
      presets: [
        {
          id: 'needsAttention',
          titleKey: 'belongings.preset.needsAttention',
          must: { needsAttention: [true] },
        },
        { id: 'mine', titleKey: 'belongings.preset.mine', must: { '_wf.$assigned': ['$me'] } },
      ],
    },
  },
  {
    name: INSTITUTIONS_VIEW,
    titleKey: 'nav.belongings_institutions',
    icon: 'Business',
    width: 'HALF',
    inNav: true,
    ...GATE,
    screen: true,
  },
  {
    name: EXHIBITIONS_VIEW,
    titleKey: 'nav.belongings_exhibitions',
    icon: 'Layers',
    width: 'TWO_THIRDS',
    inNav: true,
    ...GATE,
    list: {
      types: ['Collection'],
      defaultSort: [{ key: 'title', order: 'asc' }],
      displayAs: 'CARDS',
      dateKey: '_c.ts',
      create: true,
      must: { collectionType: ['EXHIBITION'] },
      createDefaults: { collectionType: 'EXHIBITION' },
      createLabelKey: 'belongings.newExhibition',
    },
  },
  {
    name: REPATRIATION_VIEW,
    titleKey: 'nav.belongings_repatriation',
    icon: 'AssignmentTurnedIn',
    width: 'FULL',
    inNav: true,
    ...GATE,
    screen: true,
  },
];

export const belongingsNav: readonly NavEntry[] = [
  { path: 'belongings', group: true, ...GATE },
  { path: CATALOG_VIEW, ...GATE },
  { path: INSTITUTIONS_VIEW, ...GATE },
  { path: EXHIBITIONS_VIEW, ...GATE },
  { path: REPATRIATION_VIEW, ...GATE },
];

/** The words the drawer and the lists need before the module's half loads. */
export const belongingsTitles: Readonly<Record<string, string>> = {
  'nav.belongings': 'Belongings',
  'nav.belongings_catalog': 'Catalogue of belongings',
  'nav.belongings_institutions': 'Museums and holders',
  'nav.belongings_exhibitions': 'Exhibitions',
  'nav.belongings_repatriation': 'Repatriation board',
  'belongings.preset.needsAttention': 'Needs attention',
  'belongings.preset.mine': 'My repatriation steps',
  'belongings.newExhibition': 'New exhibition',
};
