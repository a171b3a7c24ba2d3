import { AcceptInviteView } from './AcceptInviteView';
import { ConfirmEmailView } from './ConfirmEmailView';
import { ForgotPasswordView } from './ForgotPasswordView';
import { RegisterView } from './RegisterView';
import { SetPassView } from './SetPassView';
import { SignInView } from './SignInView';
import { SignOutView } from './SignOutView';
import { ImprintView, PrivacyView, TermsView } from './TextPage';
import type { ViewDef } from './view-def';
import type { RegisteredView } from '../../kernel/registry';
import { moduleViewDef } from '../modules/views';

// The client's views: the shell's own (signing in and out, account pages, text pages), here,
// and the modules' views from the page's config (their manifests' `views`, loadViews). A route
// is valid only when a view is registered for it.
export const SHELL_VIEWS: readonly ViewDef[] = [
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
    name: 'accept-invite',
    titleKey: 'views.acceptInvite.title',
    component: AcceptInviteView,
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
];

let byName = new Map(SHELL_VIEWS.map((v) => [v.name, v]));

/**
 * Registers the modules' views (from the page's config) beside the shell's. A module view named
 * like a shell view, or like another module's, is refused: the server's registry refuses the
 * second, and this the first.
 */
export function loadViews(views: readonly RegisteredView[]): void {
  const next = new Map(SHELL_VIEWS.map((v) => [v.name, v]));
  for (const v of views) {
    if (next.has(v.name)) throw new Error(`view ${v.name} already registered`);
    next.set(v.name, moduleViewDef(v));
  }
  byName = next;
}

/** Every registered view, the shell's first. */
export function allViews(): ViewDef[] {
  return [...byName.values()];
}

export function viewDef(name: string): ViewDef | undefined {
  return byName.get(name);
}
