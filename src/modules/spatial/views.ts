import type { NavEntry } from '../../kernel/module';
import type { ListScreenDecl, ViewDecl } from '../../kernel/view';

// The spatial views as data (spec capability-modules §2 "Spatial"): the map, and the feature and
// collection lists. The lists show ACTIVE items and create them ACTIVE (spec: "create defaults
// state to ACTIVE; the list is filtered to ACTIVE"); the state facet still lets a person look at
// drafts and archived layers by searching all items.

export const MAP_VIEW = 'spatial.map';

const ACTIVE = { must: { state: ['ACTIVE'] }, createDefaults: { state: 'ACTIVE' } } as const;

function list(name: string, icon: string, decl: ListScreenDecl): ViewDecl {
  return {
    name,
    titleKey: `nav.${name.replace(/\./g, '_')}`,
    icon,
    width: 'TWO_THIRDS',
    inNav: true,
    capability: 'Spatial',
    list: decl,
  };
}

export const spatialViews: readonly ViewDecl[] = [
  {
    name: MAP_VIEW,
    titleKey: 'nav.spatial_map',
    icon: 'Map',
    // The map wants the room: the whole width a cell may take.
    width: 'FULL',
    inNav: true,
    capability: 'Spatial',
    screen: true,
  },
  list('spatial.features', 'Place', {
    types: ['SpatialFeature'],
    defaultSort: [{ key: 'label', order: 'asc' }],
    displayAs: 'TABLE',
    dateKey: '_m.ts',
    create: true,
    ...ACTIVE,
  }),
  list('spatial.collections', 'Layers', {
    types: ['SpatialCollection'],
    defaultSort: [{ key: 'label', order: 'asc' }],
    displayAs: 'TABLE',
    dateKey: '_m.ts',
    create: true,
    ...ACTIVE,
  }),
];

export const spatialNav: readonly NavEntry[] = [
  { path: 'spatial', group: true, capability: 'Spatial' },
  { path: 'spatial.map', capability: 'Spatial' },
  { path: 'spatial.features', capability: 'Spatial' },
  { path: 'spatial.collections', capability: 'Spatial' },
];

export const spatialTitles: Readonly<Record<string, string>> = {
  'nav.spatial': 'Maps',
  'nav.spatial_map': 'Map',
  'nav.spatial_features': 'Places',
  'nav.spatial_collections': 'Layers',
};
