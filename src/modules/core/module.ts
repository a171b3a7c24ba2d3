import { defineModule } from '../../kernel/module';
import { coreTypes } from './types';

/**
 * The core module: users, organisations, contacts, messaging, lists of values, tasks and the
 * generic acts (roles, permissions, grants, legacy paths, timelines) every other module relies on.
 */
export const coreModule = defineModule({
  id: 'core',
  types: coreTypes,
  acts: [
    'rolesAvailable',
    'isAllowed',
    'getGrantedBy',
    'getLegacyPath',
    'filterByPerm',
    'delete',
    'setGrant',
    'removeGrant',
    'setMembership',
    'timeline',
    'purgeAttachment',
    'masquerade',
    'invite',
    'orgMembers',
    'contactNotify',
    // admin and information screens (admin-acts.ts)
    'adminState',
    'systextGet',
    'systextSave',
    'menuItems',
    'menuItemsSave',
    'supportRequest',
    'killTask',
    'markNotifications',
    'fetchNotifications',
    'getNotify',
    'setNotify',
  ],
  capabilities: ['Core'],
  lovLists: ['ACTION_TYPES'],
  kinds: { Agreement: ['DATA_SHARING', 'CONSULTATION_PROTOCOL', 'RESEARCH'] },
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
    { path: 'admin', adminOnly: true },
    { path: 'admin.all-items', adminOnly: true },
    { path: 'admin.sysalerts', adminOnly: true },
    { path: 'admin.state', adminOnly: true },
    { path: 'admin.systext', adminOnly: true },
    { path: 'admin.menu-items', adminOnly: true },
    { path: 'admin.lovs' },
    { path: 'admin.owner' },
    { path: 'admin.contacts' },
  ],
});
