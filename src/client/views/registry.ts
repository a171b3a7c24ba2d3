import { ConfirmEmailView } from './ConfirmEmailView';
import { ForgotPasswordView } from './ForgotPasswordView';
import { HomeView } from './HomeView';
import { LIST_SCREENS } from '../search/screens';
import { RegisterView } from './RegisterView';
import { SetPassView } from './SetPassView';
import { SignInView } from './SignInView';
import { SignOutView } from './SignOutView';
import { ImprintView, PrivacyView, TermsView } from './TextPage';
import type { ViewDef } from './view-def';
import { lazyScreen } from '../i18n/screen-strings';

// The admin and information screens load on first use too.
const AdminStateView = lazyScreen(() =>
  import('../admin/admin-views').then((m) => ({ default: m.AdminStateView })),
);
const SystextView = lazyScreen(() =>
  import('../admin/admin-views').then((m) => ({ default: m.SystextView })),
);
const MenuItemsView = lazyScreen(() =>
  import('../admin/admin-views').then((m) => ({ default: m.MenuItemsView })),
);
const CapabilitiesView = lazyScreen(() =>
  import('../../modules/core/client/admin/CapabilitiesView').then((m) => ({ default: m.CapabilitiesView })),
);
const DocsView = lazyScreen(() => import('../docs/info-views').then((m) => ({ default: m.DocsView })));
const WhatsNewView = lazyScreen(() =>
  import('../docs/info-views').then((m) => ({ default: m.WhatsNewView })),
);
const NotificationsView = lazyScreen(() =>
  import('../notifications/NotificationsView').then((m) => ({ default: m.NotificationsView })),
);

const ConversationsView = lazyScreen(() =>
  import('../conversations/ConversationsView').then((m) => ({ default: m.ConversationsView })),
);

// The search screens load on first use (the search component and its displays).
const SearchView = lazyScreen(() => import('../search/SearchView').then((m) => ({ default: m.SearchView })));
const OwnerView = lazyScreen(() => import('../people/OwnerView').then((m) => ({ default: m.OwnerView })));
const ContactsView = lazyScreen(() =>
  import('../people/ContactsView').then((m) => ({ default: m.ContactsView })),
);
const listView = (name: string) =>
  lazyScreen(() => import('../search/ListScreenView').then((m) => ({ default: m.listScreenView(name) })));

// The client's views. A route is valid only when a view is registered for it; modules add
// theirs here as they arrive. Navigation entries without a view are not shown.
export const VIEWS: readonly ViewDef[] = [
  { name: 'home', titleKey: 'views.home.title', component: HomeView, width: 'TWO_THIRDS', inNav: true },
  {
    name: 'sign-in',
    titleKey: 'views.signIn.title',
    component: SignInView,
    public: true,
    signedOutOnly: true,
    noColumns: true,
  },
  {
    name: 'sign-out',
    titleKey: 'views.signOut.title',
    component: SignOutView,
    public: true,
    noColumns: true,
  },
  {
    name: 'register',
    titleKey: 'views.register.title',
    component: RegisterView,
    public: true,
    signedOutOnly: true,
    noColumns: true,
  },
  {
    name: 'forgot-password',
    titleKey: 'views.forgotPassword.title',
    component: ForgotPasswordView,
    public: true,
    signedOutOnly: true,
    noColumns: true,
  },
  {
    name: 'set-pass',
    titleKey: 'views.setPass.title',
    component: SetPassView,
    public: true,
    noColumns: true,
  },
  {
    name: 'confirm-email',
    titleKey: 'views.confirmEmail.title',
    component: ConfirmEmailView,
    public: true,
    noColumns: true,
  },
  { name: 'terms', titleKey: 'views.terms.title', component: TermsView, public: true, width: 'TWO_THIRDS' },
  {
    name: 'privacy-policy',
    titleKey: 'views.privacy.title',
    component: PrivacyView,
    public: true,
    width: 'TWO_THIRDS',
  },
  { name: 'imprint', titleKey: 'views.imprint.title', component: ImprintView, width: 'TWO_THIRDS' },
  { name: 'search', titleKey: 'nav.search', component: SearchView, width: 'TWO_THIRDS', inNav: true },
  {
    name: 'admin.owner',
    titleKey: 'nav.admin_owner',
    component: OwnerView,
    width: 'TWO_THIRDS',
    inNav: true,
    minOrgRole: 'orgAdmin',
  },
  {
    name: 'admin.contacts',
    titleKey: 'nav.admin_contacts',
    component: ContactsView,
    width: 'TWO_THIRDS',
    inNav: true,
    minOrgRole: 'orgAdmin',
  },
  {
    name: 'conversations',
    titleKey: 'nav.conversations',
    component: ConversationsView,
    width: 'TWO_THIRDS',
    inNav: true,
  },
  {
    name: 'notifications',
    titleKey: 'nav.notifications',
    component: NotificationsView,
    width: 'HALF',
    inNav: true,
  },
  ...LIST_SCREENS.map((s): ViewDef => ({
    name: s.name,
    titleKey: s.titleKey,
    component: listView(s.name),
    width: s.displayAs === 'LIST' ? 'HALF' : 'TWO_THIRDS',
    inNav: true,
    ...(s.adminOnly ? { adminOnly: true } : {}),
    ...(s.minOrgRole ? { minOrgRole: s.minOrgRole } : {}),
  })),
  {
    name: 'admin.state',
    titleKey: 'nav.admin_state',
    component: AdminStateView,
    width: 'TWO_THIRDS',
    inNav: true,
    adminOnly: true,
  },
  {
    name: 'admin.systext',
    titleKey: 'nav.admin_systext',
    component: SystextView,
    width: 'FULL',
    inNav: true,
    adminOnly: true,
  },
  {
    name: 'admin.menu-items',
    titleKey: 'nav.admin_menu-items',
    component: MenuItemsView,
    width: 'HALF',
    inNav: true,
    adminOnly: true,
  },
  {
    name: 'admin.capabilities',
    titleKey: 'nav.admin_capabilities',
    component: CapabilitiesView,
    width: 'FULL',
    inNav: true,
    adminOnly: true,
  },
  { name: 'whats-new', titleKey: 'nav.whats-new', component: WhatsNewView, width: 'TWO_THIRDS' },
  { name: 'docs', titleKey: 'nav.docs', component: DocsView, noColumns: true, public: true, inNav: true },
];

const byName = new Map(VIEWS.map((v) => [v.name, v]));

export function viewDef(name: string): ViewDef | undefined {
  return byName.get(name);
}
