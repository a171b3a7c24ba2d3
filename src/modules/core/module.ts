import { defineModule } from '../../kernel/module';
import { coreActs, coreAsyncActs } from './contract';
import { CSV_IMPORT_KIND } from './contract-csv-import';
import { coreCards, coreDashboards } from './dashboards';
import { coreTypes } from './types';
import { coreViews } from './views';

/**
 * The core module: users, organisations, contacts, messaging, lists of values, tasks and the
 * generic acts (roles, permissions, grants, legacy paths, timelines) every other module relies on.
 */
export const coreModule = defineModule({
  id: 'core',
  types: coreTypes,
  server: true,
  client: true,
  // Each act is named once, by its contract (contract.ts).
  acts: coreActs,
  asyncActs: coreAsyncActs,
  capabilities: ['Core'],
  dashboards: coreDashboards,
  dashboardCards: coreCards,
  home: { capability: 'Core', dashboard: 'home' },
  lovLists: ['ACTION_TYPES'],
  kinds: { Agreement: ['DATA_SHARING', 'CONSULTATION_PROTOCOL', 'RESEARCH'], Import: [CSV_IMPORT_KIND] },
  views: coreViews,
  nav: [
    { path: 'home' },
    { path: 'search' },
    { path: 'notifications' },
    { path: 'timeline' },
    { path: 'conversations' },
    { path: 'my-organizations' },
    { path: 'my-contacts' },
    { path: 'list-lov' },
    { path: 'whats-new', routeOnly: true },
    { path: 'docs', noColumns: true },
    { path: 'admin', adminOnly: true, group: true },
    { path: 'admin.all-items', adminOnly: true },
    { path: 'admin.sysalerts', adminOnly: true },
    { path: 'admin.state', adminOnly: true },
    { path: 'admin.systext', adminOnly: true },
    { path: 'admin.menu-items', adminOnly: true },
    { path: 'admin.capabilities', adminOnly: true },
    { path: 'admin.lovs' },
    { path: 'admin.owner' },
    { path: 'admin.contacts' },
    { path: 'admin.protocols' },
  ],
});
