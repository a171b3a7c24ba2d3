import type { ListScreenDecl, ViewDecl } from '../../kernel/view';

// Core's views as data (kernel/view.ts), sent to the client in the page's config. List screens
// are the generic search component with their defaults; `screen: true` views are components of
// core's client half (client/index.ts `screens`), each loaded on first use.

/** A list screen's view: a LIST shows in half the width, the other displays in two thirds. */
function list(
  name: string,
  titleKey: string,
  icon: string,
  decl: ListScreenDecl,
  gate: Pick<ViewDecl, 'adminOnly' | 'minOrgRole'> = {},
): ViewDecl {
  return {
    name,
    titleKey,
    icon,
    width: decl.displayAs === 'LIST' ? 'HALF' : 'TWO_THIRDS',
    inNav: true,
    ...gate,
    list: decl,
  };
}

export const coreViews: readonly ViewDecl[] = [
  {
    name: 'home',
    titleKey: 'views.home.title',
    icon: 'Home',
    width: 'TWO_THIRDS',
    inNav: true,
    screen: true,
  },
  { name: 'search', titleKey: 'nav.search', icon: 'Search', width: 'TWO_THIRDS', inNav: true, screen: true },
  {
    name: 'admin.owner',
    titleKey: 'nav.admin_owner',
    icon: 'Groups',
    width: 'TWO_THIRDS',
    inNav: true,
    minOrgRole: 'orgAdmin',
    screen: true,
  },
  {
    name: 'admin.contacts',
    titleKey: 'nav.admin_contacts',
    icon: 'ContactPhone',
    width: 'TWO_THIRDS',
    inNav: true,
    minOrgRole: 'orgAdmin',
    screen: true,
  },
  {
    name: 'conversations',
    titleKey: 'nav.conversations',
    icon: 'Forum',
    width: 'TWO_THIRDS',
    inNav: true,
    screen: true,
  },
  {
    name: 'notifications',
    titleKey: 'nav.notifications',
    icon: 'Notifications',
    width: 'HALF',
    inNav: true,
    screen: true,
  },
  // The screens built on the search component (spec core §2 "Core routes", signed-in navigation).
  // An organisation's cultural protocols (docs/access-model.md): its orgAdmins keep them.
  list(
    'admin.protocols',
    'nav.admin_protocols',
    'Diversity3',
    {
      types: ['Protocol'],
      defaultSort: [{ key: 'name', order: 'asc' }],
      displayAs: 'TABLE',
      dateKey: '_c.ts',
      create: true,
    },
    { minOrgRole: 'orgAdmin' },
  ),
  list(
    'admin.all-items',
    'nav.admin_all-items',
    'Inventory2',
    {
      types: null,
      allTypes: true,
      defaultSort: [{ key: '_c.ts', order: 'desc' }],
      displayAs: 'TABLE',
      dateKey: '_c.ts',
    },
    { adminOnly: true },
  ),
  list(
    'admin.sysalerts',
    'nav.admin_sysalerts',
    'Campaign',
    {
      types: ['SystemAlert'],
      defaultSort: [{ key: '_c.ts', order: 'desc' }],
      displayAs: 'TABLE',
      dateKey: '_c.ts',
      create: true,
    },
    { adminOnly: true },
  ),
  list('my-contacts', 'nav.my-contacts', 'Contacts', {
    types: ['Contact'],
    defaultSort: [
      { key: 'lastName', order: 'asc' },
      { key: 'firstName', order: 'asc' },
    ],
    displayAs: 'LIST',
    dateKey: '_c.ts',
    create: 'admin',
    // Contacts arrive in bulk from address books and old systems (docs/csv-import.md).
    csvImport: true,
  }),
  list('my-organizations', 'nav.my-organizations', 'Business', {
    types: ['Organization'],
    defaultSort: [{ key: 'displayName', order: 'asc' }],
    displayAs: 'LIST',
    dateKey: '_c.ts',
    create: true,
  }),
  list('timeline', 'nav.timeline', 'Timeline', {
    types: null,
    defaultSort: [{ key: '_m.ts', order: 'desc' }],
    displayAs: 'TIMELINE',
    dateKey: '_m.ts',
  }),
  list('list-lov', 'nav.list-lov', 'ListAlt', {
    types: ['LOVValue'],
    defaultSort: [
      { key: 'list', order: 'asc' },
      { key: 'key', order: 'asc' },
    ],
    displayAs: 'TABLE',
    dateKey: '_c.ts',
    create: true,
  }),
  list(
    'admin.lovs',
    'nav.admin_lovs',
    'Tune',
    {
      types: ['LOVValue'],
      defaultSort: [
        { key: 'list', order: 'asc' },
        { key: 'key', order: 'asc' },
      ],
      displayAs: 'TABLE',
      dateKey: '_c.ts',
      create: true,
    },
    // Editors and orgAdmins keep their organisation's lists (capability-modules §5).
    { minOrgRole: 'editor' },
  ),
  {
    name: 'admin.state',
    titleKey: 'nav.admin_state',
    icon: 'MonitorHeart',
    width: 'TWO_THIRDS',
    inNav: true,
    adminOnly: true,
    screen: true,
  },
  {
    name: 'admin.systext',
    titleKey: 'nav.admin_systext',
    icon: 'Translate',
    width: 'FULL',
    inNav: true,
    adminOnly: true,
    screen: true,
  },
  {
    name: 'admin.menu-items',
    titleKey: 'nav.admin_menu-items',
    icon: 'MenuOpen',
    width: 'HALF',
    inNav: true,
    adminOnly: true,
    screen: true,
  },
  {
    name: 'admin.capabilities',
    titleKey: 'nav.admin_capabilities',
    icon: 'ToggleOn',
    width: 'FULL',
    inNav: true,
    adminOnly: true,
    screen: true,
  },
  { name: 'whats-new', titleKey: 'nav.whats-new', icon: 'NewReleases', width: 'TWO_THIRDS', screen: true },
  {
    name: 'docs',
    titleKey: 'nav.docs',
    icon: 'HelpOutline',
    noColumns: true,
    public: true,
    inNav: true,
    screen: true,
  },
];
