import type { NavEntry } from '../../kernel/module';
import type { ViewDecl } from '../../kernel/view';

// The GeoKeeper views as data (spec capability-modules §2 "GeoKeeper (group geokeeper)"). My data
// and the public programs are for every signed-in person (the policy decides what they hold);
// my programs and the fieldwork search need the GeoKeeper capability.

export const GEOKEEPER_CAPABILITY = 'GeoKeeper';
export const MY_DATA_VIEW = 'geokeeper.my-data';
export const PUBLIC_VIEW = 'geokeeper.public';
export const PRIVATE_VIEW = 'geokeeper.private';
export const FIELDWORK_VIEW = 'geokeeper.fieldwork';
/** The collection screen (client/collect): collecting offline on a phone. */
export const COLLECT_VIEW = 'geokeeper.collect';

const GATE = { capability: GEOKEEPER_CAPABILITY } as const;
const titleKey = (name: string) => `nav.${name.replace('.', '_')}`;

// The collection screen (client/collect): a monitor's phone screen, offline first.
export const geokeeperCollectView: ViewDecl = {
  name: COLLECT_VIEW,
  titleKey: titleKey(COLLECT_VIEW),
  icon: 'AddLocationAlt',
  width: 'FULL',
  inNav: true,
  ...GATE,
  screen: true,
};

export const geokeeperViews: readonly ViewDecl[] = [
  {
    name: MY_DATA_VIEW,
    titleKey: titleKey(MY_DATA_VIEW),
    icon: 'EditLocationAlt',
    width: 'TWO_THIRDS',
    inNav: true,
    // What I collected: `_c` is the creator, `$me` the signed-in person.
    list: {
      types: ['GeoKeeperFieldData'],
      defaultSort: [{ key: 'collected', order: 'desc' }],
      displayAs: 'LIST',
      dateKey: '_c.ts',
      create: true,
      must: { _c: ['$me'] },
    },
  },
  {
    name: PUBLIC_VIEW,
    titleKey: titleKey(PUBLIC_VIEW),
    icon: 'Public',
    width: 'TWO_THIRDS',
    inNav: true,
    list: {
      types: ['GeoKeeperProgram'],
      defaultSort: [{ key: 'label', order: 'asc' }],
      displayAs: 'CARDS',
      dateKey: '_c.ts',
      must: { $access: ['PUBLIC'] },
    },
  },
  {
    name: PRIVATE_VIEW,
    titleKey: titleKey(PRIVATE_VIEW),
    icon: 'Explore',
    width: 'TWO_THIRDS',
    inNav: true,
    ...GATE,
    // My programs: those I may read that are not public (the public ones have their own list).
    list: {
      types: ['GeoKeeperProgram'],
      defaultSort: [{ key: 'label', order: 'asc' }],
      displayAs: 'LIST',
      dateKey: '_c.ts',
      create: true,
      must: { $access: ['COMMUNITY', 'PROTECTED', 'PRIVATE'] },
      createDefaults: { access: 'IN_ORG', state: 'DRAFT' },
    },
  },
  {
    name: FIELDWORK_VIEW,
    titleKey: titleKey(FIELDWORK_VIEW),
    icon: 'Hiking',
    width: 'TWO_THIRDS',
    inNav: true,
    ...GATE,
    list: {
      types: ['GeoKeeperFieldwork'],
      defaultSort: [{ key: '_c.ts', order: 'desc' }],
      displayAs: 'TABLE',
      dateKey: '_c.ts',
      create: true,
      presets: [{ id: 'mine', titleKey: 'geokeeper.presets.mine', must: { '_wf.$assigned': ['$me'] } }],
    },
  },
  geokeeperCollectView,
];

export const geokeeperNav: readonly NavEntry[] = [
  { path: 'geokeeper', group: true },
  ...geokeeperViews.map((v) => ({ path: v.name, ...(v.capability ? GATE : {}) })),
];

/** The words the drawer and the lists need before the module's half loads. */
export const geokeeperTitles: Readonly<Record<string, string>> = {
  'nav.geokeeper': 'Field data',
  'nav.geokeeper_my-data': 'My field data',
  'nav.geokeeper_public': 'Public programs',
  'nav.geokeeper_private': 'My programs',
  'nav.geokeeper_fieldwork': 'Fieldwork',
  'nav.geokeeper_collect': 'Collect',
  'geokeeper.presets.mine': 'Assigned to me',
};
