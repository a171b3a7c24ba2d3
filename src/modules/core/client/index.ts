import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import { lazy } from 'react';
import { defineClientModule } from '../../../client/module-api';
import { itemSections } from './item-sections';
import { userMenu } from './user-menu';

// Core's client half (issue 12 §4, §8): the components of core's `screen: true` views
// (views.ts), each its own chunk, loaded when first opened. The half itself is loaded with the
// on-demand strings (client/modules/loader.ts), so its parts never render a bare key.
export const client = defineClientModule({
  id: 'core',
  // Its types' icons (their `defaultIcon` names), in this half's chunk.
  typeIcons: { campaign: CampaignOutlined, diversity_3: Diversity3Outlined },
  strings: () => import('../i18n/en').then((m) => m.coreEn),
  screens: {
    home: lazy(() => import('./home/HomeView').then((m) => ({ default: m.HomeView }))),
    search: lazy(() => import('./search/SearchView').then((m) => ({ default: m.SearchView }))),
    'admin.owner': lazy(() => import('./people/OwnerView').then((m) => ({ default: m.OwnerView }))),
    'admin.contacts': lazy(() => import('./people/ContactsView').then((m) => ({ default: m.ContactsView }))),
    conversations: lazy(() =>
      import('./conversations/ConversationsView').then((m) => ({
        default: m.ConversationsView,
      })),
    ),
    notifications: lazy(() =>
      import('./notifications/NotificationsView').then((m) => ({
        default: m.NotificationsView,
      })),
    ),
    'admin.state': lazy(() => import('./admin/admin-views').then((m) => ({ default: m.AdminStateView }))),
    'admin.systext': lazy(() => import('./admin/admin-views').then((m) => ({ default: m.SystextView }))),
    'admin.menu-items': lazy(() => import('./admin/admin-views').then((m) => ({ default: m.MenuItemsView }))),
    'admin.capabilities': lazy(() =>
      import('./admin/CapabilitiesView').then((m) => ({ default: m.CapabilitiesView })),
    ),
    'whats-new': lazy(() => import('./info/WhatsNewView').then((m) => ({ default: m.WhatsNewView }))),
    docs: lazy(() => import('./info/DocsView').then((m) => ({ default: m.DocsView }))),
  },
  itemSections,
  userMenu,
  // "Import from CSV" on the lists that declare `csvImport` (docs/csv-import.md).
  listActions: [
    {
      id: 'csv-import',
      applies: (_type, list) => Boolean(list.csvImport),
      component: lazy(() => import('./csv-import/CsvImportButton')),
    },
  ],
  // The component cards of the home dashboard (../dashboards.ts), each loaded when shown.
  dashboardCards: {
    AssignedToMe: lazy(() => import('./home/home-cards').then((m) => ({ default: m.AssignedToMe }))),
    UnreadNotifications: lazy(() =>
      import('./home/home-cards').then((m) => ({ default: m.UnreadNotifications })),
    ),
    Memberships: lazy(() => import('./home/home-cards').then((m) => ({ default: m.Memberships }))),
    RecentlyOpened: lazy(() => import('./home/home-cards').then((m) => ({ default: m.RecentlyOpened }))),
  },
});
