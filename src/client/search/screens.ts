import type { ScreenDef } from './search-model';

// The screens built on the search component (spec core §2 "Core routes", signed-in navigation).

export const SEARCH_SCREEN: ScreenDef = {
  name: 'search',
  titleKey: 'nav.search',
  types: null,
  defaultSort: [],
  displayAs: 'LIST',
  dateKey: '_c.ts',
};

export const LIST_SCREENS: readonly ScreenDef[] = [
  {
    name: 'admin.all-items',
    titleKey: 'nav.admin_all-items',
    types: null,
    allTypes: true,
    defaultSort: [{ key: '_c.ts', order: 'desc' }],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    adminOnly: true,
  },
  {
    name: 'admin.sysalerts',
    titleKey: 'nav.admin_sysalerts',
    types: ['SystemAlert'],
    defaultSort: [{ key: '_c.ts', order: 'desc' }],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    adminOnly: true,
    create: true,
  },
  {
    name: 'my-contacts',
    titleKey: 'nav.my-contacts',
    types: ['Contact'],
    defaultSort: [
      { key: 'lastName', order: 'asc' },
      { key: 'firstName', order: 'asc' },
    ],
    displayAs: 'LIST',
    dateKey: '_c.ts',
    create: 'admin',
  },
  {
    name: 'my-organizations',
    titleKey: 'nav.my-organizations',
    types: ['Organization'],
    defaultSort: [{ key: 'displayName', order: 'asc' }],
    displayAs: 'LIST',
    dateKey: '_c.ts',
    create: true,
  },
  {
    name: 'timeline',
    titleKey: 'nav.timeline',
    types: null,
    defaultSort: [{ key: '_m.ts', order: 'desc' }],
    displayAs: 'TIMELINE',
    dateKey: '_m.ts',
  },
  {
    name: 'list-lov',
    titleKey: 'nav.list-lov',
    types: ['LOVValue'],
    defaultSort: [
      { key: 'list', order: 'asc' },
      { key: 'key', order: 'asc' },
    ],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    create: true,
  },
  {
    name: 'admin.lovs',
    titleKey: 'nav.admin_lovs',
    types: ['LOVValue'],
    // Editors and orgAdmins keep their organisation's lists (capability-modules §5).
    minOrgRole: 'editor',
    defaultSort: [
      { key: 'list', order: 'asc' },
      { key: 'key', order: 'asc' },
    ],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    create: true,
  },
];

export function listScreen(name: string): ScreenDef | undefined {
  return LIST_SCREENS.find((s) => s.name === name);
}
