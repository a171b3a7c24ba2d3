import {
  addOrgCapabilities,
  loadPrincipal,
  seedListValues,
  type DemoSeed,
  type ItemService,
} from '../../../server/module-api';

// Riverbend's invented layers (issue 15 "Demo data"): every name and place here is made up, all
// within lon −121.2…−120.4, lat 55.9…56.5. The proponent's footprint (demo-footprint.ts) runs
// across lon −120.9…−120.6 near lat 56.2, so a few sites, trap line 7 and the blueberry grounds
// sit in its way. Two sites are PRIVATE to the lands manager (a burial ground and a sacred
// rock): the demo's outsiders (members, the proponent) must never see them on any map.

/** SPL_TYPES of Riverbend (key, English label). */
export const DEMO_SPL_TYPES: [string, string][] = [
  ['TRADITIONAL_USE', 'Traditional use'],
  ['TRAPLINE', 'Trap line'],
  ['HARVESTING', 'Harvesting'],
  ['BURIAL', 'Burial ground'],
  ['SACRED', 'Sacred site'],
  ['CABIN', 'Cabin or camp'],
  ['WATER', 'Water'],
];

type Level = 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE';
interface Site {
  label: string;
  type: string;
  at: [number, number];
  accuracy?: number;
  access?: Level;
  state?: 'DRAFT' | 'ARCHIVED';
}

/** The traditional-use layer: more than 25 places, so its branch of the layer tree pages. */
const SITES: Site[] = [
  { label: 'Moose lick at Willow Creek', type: 'TRADITIONAL_USE', at: [-120.78, 56.21], accuracy: 50 },
  { label: 'Berry flats camp', type: 'CABIN', at: [-120.7, 56.18], accuracy: 200 },
  { label: 'Crane Hill burial ground', type: 'BURIAL', at: [-120.83, 56.19], access: 'PRIVATE' },
  { label: 'Grandmother Rock', type: 'SACRED', at: [-120.74, 56.22], access: 'PRIVATE' },
  { label: 'Medicine plant patch', type: 'HARVESTING', at: [-120.62, 56.2], access: 'PROTECTED' },
  { label: 'Spruce Bend camp', type: 'CABIN', at: [-121.05, 56.32], accuracy: 15 },
  { label: 'Fish camp at Kettle Narrows', type: 'CABIN', at: [-120.52, 56.05] },
  { label: 'Spring at Stony Creek', type: 'WATER', at: [-120.95, 56.4], accuracy: 30 },
  { label: 'Gathering place at Two Rivers', type: 'TRADITIONAL_USE', at: [-121.1, 56.02] },
  { label: 'Eagle nest lookout', type: 'TRADITIONAL_USE', at: [-120.45, 56.45], accuracy: 500 },
  { label: 'Drying racks at Long Meadow', type: 'TRADITIONAL_USE', at: [-120.88, 56.27] },
  { label: 'Old cabin at Beaver Lake', type: 'CABIN', at: [-120.58, 56.36] },
  { label: 'Canoe landing at Red Bank', type: 'WATER', at: [-121.15, 56.15], accuracy: 25 },
  { label: 'Birch Point camp (proposed)', type: 'CABIN', at: [-120.99, 56.08], state: 'DRAFT' },
  { label: 'Former trail camp', type: 'CABIN', at: [-121.02, 55.95], state: 'ARCHIVED' },
  { label: 'Sweetgrass meadow', type: 'HARVESTING', at: [-120.69, 56.26], accuracy: 120 },
  { label: 'Snowshoe hare runs', type: 'TRADITIONAL_USE', at: [-120.91, 56.12] },
  { label: 'Rabbit Hill lookout', type: 'TRADITIONAL_USE', at: [-120.48, 56.28], accuracy: 80 },
  { label: 'Cedar bark stand', type: 'HARVESTING', at: [-121.08, 56.44] },
  { label: 'Otter slide creek', type: 'WATER', at: [-120.63, 56.41] },
  { label: 'Feast grounds at Pine Flat', type: 'TRADITIONAL_USE', at: [-120.8, 56.35] },
  { label: 'Old horse trail ford', type: 'TRADITIONAL_USE', at: [-120.98, 56.22], accuracy: 300 },
  { label: 'Smokehouse at Caribou Bend', type: 'CABIN', at: [-120.56, 55.98] },
  { label: 'Elders’ storytelling rock', type: 'TRADITIONAL_USE', at: [-120.73, 56.05] },
  { label: 'Muskrat ponds', type: 'WATER', at: [-121.18, 56.3] },
  { label: 'Birchbark canoe camp', type: 'CABIN', at: [-120.86, 56.46] },
  { label: 'Wild onion slope', type: 'HARVESTING', at: [-120.42, 56.14], accuracy: 60 },
  { label: 'Ochre gathering bank', type: 'TRADITIONAL_USE', at: [-121.12, 55.92] },
  { label: 'Loon Lake camp', type: 'CABIN', at: [-120.67, 56.48] },
  { label: 'Windy Ridge overlook', type: 'TRADITIONAL_USE', at: [-120.5, 56.17], accuracy: 40 },
  { label: 'Summer fishing rocks', type: 'WATER', at: [-121.0, 56.25] },
];

const line = (...pts: [number, number][]) => ({ type: 'LineString', coordinates: pts });
const box = (w: number, s: number, e: number, n: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});

export async function seedDemoLayers(items: ItemService, demo: DemoSeed): Promise<void> {
  const id = (name: string) => {
    const v = demo.ids.get(name);
    if (!v) throw new Error(`demo id ${name} missing`);
    return v;
  };
  const riverbend = id('org.riverbend');
  await addOrgCapabilities(items, riverbend, 'Spatial');
  await seedListValues(items, riverbend, 'SPL_TYPES', DEMO_SPL_TYPES);

  const as = async (email: string) => (await loadPrincipal(items.db, id(`user.${email}`)))!;
  const officer = await as('lands.officer@riverbend.example');
  const manager = await as('lands.admin@riverbend.example');

  const layer = async (
    key: string,
    label: string,
    spatialType: string,
    access: Level,
    description: string,
  ) => {
    const c = await items.create(officer, 'SpatialCollection', {
      label,
      spatialType,
      description,
      state: 'ACTIVE',
      $access: access,
    });
    demo.ids.set(`spatial.layer.${key}`, c.$id);
    return c.$id;
  };
  const sites = await layer(
    'sites',
    'Traditional-use sites',
    'TRADITIONAL_USE',
    'COMMUNITY',
    'Places the community uses and cares for, as the Elders told them in the land-use interviews.',
  );
  const traps = await layer(
    'traplines',
    'Trap lines',
    'TRAPLINE',
    'PROTECTED',
    'Registered and family trap lines.',
  );
  const harvest = await layer(
    'harvesting',
    'Harvesting areas',
    'HARVESTING',
    'COMMUNITY',
    'Berry, medicine and hunting grounds.',
  );

  for (const s of SITES) {
    // The lands manager keeps the sacred places to herself; the officer maps the rest.
    const who = s.access === 'PRIVATE' ? manager : officer;
    const f = await items.create(who, 'SpatialFeature', {
      label: s.label,
      spatialType: s.type,
      collection: sites,
      geometry: { type: 'Point', coordinates: s.at },
      ...(s.accuracy ? { accuracy: s.accuracy } : {}),
      state: s.state ?? 'ACTIVE',
      $access: s.access ?? 'COMMUNITY',
    });
    if (s.access === 'PRIVATE') demo.ids.set(`spatial.private.${s.type.toLowerCase()}`, f.$id);
  }

  const more: { label: string; type: string; collection: string; geometry: unknown; access: Level }[] = [
    {
      label: 'Trap line 7 (Willow Creek)',
      type: 'TRAPLINE',
      collection: traps,
      geometry: line([-120.95, 56.15], [-120.82, 56.19], [-120.7, 56.21], [-120.55, 56.25]),
      access: 'PROTECTED',
    },
    {
      label: 'Trap line 12 (Stony Creek)',
      type: 'TRAPLINE',
      collection: traps,
      geometry: line([-121.15, 56.38], [-121.02, 56.42], [-120.9, 56.47]),
      access: 'PROTECTED',
    },
    {
      label: 'Trap line 3 (Kettle Narrows)',
      type: 'TRAPLINE',
      collection: traps,
      geometry: line([-120.6, 55.95], [-120.5, 56.02], [-120.44, 56.1]),
      access: 'PROTECTED',
    },
    {
      label: 'Blueberry grounds',
      type: 'HARVESTING',
      collection: harvest,
      geometry: box(-120.8, 56.15, -120.65, 56.25),
      access: 'COMMUNITY',
    },
    {
      label: 'Moose hunting area',
      type: 'HARVESTING',
      collection: harvest,
      geometry: box(-121.1, 56.3, -120.95, 56.45),
      access: 'COMMUNITY',
    },
    {
      label: 'Cranberry muskeg',
      type: 'HARVESTING',
      collection: harvest,
      geometry: box(-120.55, 56.3, -120.45, 56.4),
      access: 'PROTECTED',
    },
    {
      label: 'Kettle River fishing reach',
      type: 'WATER',
      collection: harvest,
      geometry: line([-121.18, 56.1], [-121.0, 56.05], [-120.8, 56.0], [-120.6, 55.97]),
      access: 'COMMUNITY',
    },
  ];
  for (const f of more)
    await items.create(officer, 'SpatialFeature', {
      label: f.label,
      spatialType: f.type,
      collection: f.collection,
      geometry: f.geometry,
      state: 'ACTIVE',
      $access: f.access,
    });
}
