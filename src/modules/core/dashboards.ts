import type { CardDecl, DashboardDecl } from '../../kernel/dashboard';

// Core's home dashboard (spec core §2 "home"; issue 12 §5): what a lands officer looks at first.
// Every card but the two of the client half reads with search/ids, so it shows only what the
// user may read; the type chart is for admins.

export const coreDashboards: readonly DashboardDecl[] = [
  { key: 'home', location: 'HOME', titleKey: 'views.home.title' },
];

export const coreCards: readonly CardDecl[] = [
  {
    id: 'core.home.memberships',
    dashboard: 'home',
    titleKey: 'views.home.memberships',
    kind: 'component',
    width: 'THIRD',
    height: 3,
    order: 10,
    settings: { component: 'Memberships' },
  },
  {
    id: 'core.home.recent',
    dashboard: 'home',
    titleKey: 'views.home.recent',
    kind: 'component',
    width: 'THIRD',
    height: 3,
    order: 20,
    settings: { component: 'RecentlyOpened' },
  },
  {
    id: 'core.home.unread',
    dashboard: 'home',
    titleKey: 'dashboard.home.unread',
    kind: 'count',
    width: 'THIRD',
    height: 3,
    order: 30,
    settings: { query: { types: ['Notify'], must: { unread: [true] } }, listView: 'notifications' },
  },
  {
    id: 'core.home.conversations',
    dashboard: 'home',
    titleKey: 'dashboard.home.conversations',
    kind: 'search',
    width: 'TWO_THIRDS',
    order: 40,
    settings: {
      query: { types: ['Thread'], sort: [{ key: '_m.ts', order: 'desc' }], max: 6 },
      listView: 'conversations',
    },
  },
  {
    id: 'core.home.changed',
    dashboard: 'home',
    titleKey: 'dashboard.home.changed',
    kind: 'search',
    width: 'THIRD',
    order: 50,
    settings: {
      query: { types: null, sort: [{ key: '_m.ts', order: 'desc' }], max: 6 },
      listView: 'timeline',
    },
  },
  {
    id: 'core.home.due',
    dashboard: 'home',
    titleKey: 'dashboard.home.due',
    kind: 'calendar',
    width: 'TWO_THIRDS',
    height: 7,
    order: 60,
    settings: { query: { types: ['Thread'] }, dateKey: 'assignedDue' },
  },
  {
    id: 'core.home.types',
    dashboard: 'home',
    titleKey: 'dashboard.home.types',
    kind: 'chart',
    width: 'THIRD',
    height: 7,
    order: 70,
    adminOnly: true,
    settings: { query: { types: null }, facet: '_t', listView: 'admin.all-items' },
  },
];
