import type { CardDecl, DashboardDecl } from '../../kernel/dashboard';

// Core's home dashboard (spec core §2 "home"; issues 12 §5 and 13 "Home and empty states"): what
// a person looks at first. First what asks for them (assigned to them and due soon, unread
// notifications), then what moved (recent changes, what they opened, conversations), then who
// they are (their organisations) and the calendar. Every card reads through search/ids or
// readMany, so it shows only what the user may read; the type chart is for admins. Other
// modules add their cards to the 'home' dashboard by its key.

export const coreDashboards: readonly DashboardDecl[] = [
  { key: 'home', location: 'HOME', titleKey: 'views.home.title' },
];

export const coreCards: readonly CardDecl[] = [
  {
    id: 'core.home.assigned',
    dashboard: 'home',
    titleKey: 'dashboard.home.assigned',
    kind: 'component',
    width: 'TWO_THIRDS',
    height: 3,
    order: 10,
    settings: { component: 'AssignedToMe' },
  },
  {
    id: 'core.home.unread',
    dashboard: 'home',
    titleKey: 'dashboard.home.unread',
    kind: 'component',
    width: 'THIRD',
    height: 3,
    order: 20,
    settings: { component: 'UnreadNotifications' },
  },
  {
    id: 'core.home.changed',
    dashboard: 'home',
    titleKey: 'dashboard.home.changed',
    kind: 'search',
    width: 'TWO_THIRDS',
    height: 5,
    order: 30,
    emptyKey: 'dashboard.home.changedEmpty',
    emptyAction: { labelKey: 'dashboard.home.search', view: 'search' },
    settings: {
      // A User item changes when its notifications or settings do: not news to anyone else.
      query: { types: null, mustNot: { _t: ['User'] }, sort: [{ key: '_m.ts', order: 'desc' }], max: 6 },
      listView: 'timeline',
    },
  },
  {
    id: 'core.home.recent',
    dashboard: 'home',
    titleKey: 'views.home.recent',
    kind: 'component',
    width: 'THIRD',
    height: 5,
    order: 40,
    settings: { component: 'RecentlyOpened' },
  },
  {
    id: 'core.home.conversations',
    dashboard: 'home',
    titleKey: 'dashboard.home.conversations',
    kind: 'search',
    width: 'TWO_THIRDS',
    order: 50,
    emptyKey: 'dashboard.home.conversationsEmpty',
    emptyAction: { labelKey: 'dashboard.home.startConversation', view: 'conversations' },
    settings: {
      query: { types: ['Thread'], sort: [{ key: '_m.ts', order: 'desc' }], max: 6 },
      listView: 'conversations',
    },
  },
  {
    id: 'core.home.memberships',
    dashboard: 'home',
    titleKey: 'views.home.memberships',
    kind: 'component',
    width: 'THIRD',
    order: 60,
    settings: { component: 'Memberships' },
  },
  {
    id: 'core.home.due',
    dashboard: 'home',
    titleKey: 'dashboard.home.due',
    kind: 'calendar',
    width: 'TWO_THIRDS',
    height: 7,
    order: 70,
    settings: { query: { types: ['Thread'] }, dateKey: 'assignedDue' },
  },
  {
    id: 'core.home.types',
    dashboard: 'home',
    titleKey: 'dashboard.home.types',
    kind: 'chart',
    width: 'THIRD',
    height: 7,
    order: 80,
    adminOnly: true,
    settings: { query: { types: null }, facet: '_t', listView: 'admin.all-items' },
  },
];
