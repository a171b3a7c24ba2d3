import { passesViewRule, type GateSubject } from '../../../kernel/view-gate';
import { AppError } from '../../../protocol/errors';
import {
  type ActHandlers,
  adminState,
  dbOverrides,
  fileOverrides,
  notifySite,
  type Principal,
  saveOverrides,
  writeSetting,
} from '../../../server/module-api';
import type { CoreActs } from '../contract';
import { signedIn, type CoreCall } from './act-input';
import { coreViews } from '../views';
import { MENU_ITEMS_KEY, readMenuItems } from './menu-items';

// The acts behind the admin and information screens: admin.state, admin.systext,
// admin.menu-items and the help menu's support request. An act behind a screen checks that
// screen's gate, as declared in views.ts: the client shows "You do not have access" by the same
// declaration (kernel/view-gate.ts) before the screen loads, and the server refuses whatever the
// client shows.

type AdminView = 'admin.state' | 'admin.systext' | 'admin.menu-items';

function mayUse(p: Principal, view: AdminView): void {
  const decl = coreViews.find((v) => v.name === view);
  // A view missing from views.ts is a programming error: refuse rather than open the act.
  if (!decl || !passesViewRule(gateSubjectOf(p), decl))
    throw new AppError('notAllowed', `${view} is not open to this user`);
}

/** The principal as the view gate sees it (kernel/view-gate.ts), as the client's session does. */
export function gateSubjectOf(p: Principal): GateSubject {
  return {
    admin: p.admin,
    roles: [...p.orgs.values()],
    memberships: [...p.orgs].map(([org, role]) => ({
      kind: p.orgFacts?.get(org)?.kind ?? null,
      roles: [role],
    })),
  };
}

async function systextGet({ services, principal, body }: CoreCall<'systextGet'>) {
  mayUse(principal, 'admin.systext');
  const { language } = body;
  return {
    language,
    overrides: await dbOverrides(services.database.db, language),
    fileOverrides: fileOverrides(services.config.dataDir, language),
  };
}

async function systextSave({ services, principal, body }: CoreCall<'systextSave'>) {
  mayUse(principal, 'admin.systext');
  const { language, values } = body;
  const saved = await services.database.db.transaction(async (tx) => {
    const n = await saveOverrides(tx, language, values, principal.userId);
    await notifySite(tx, { kind: 'locale', language });
    return n;
  });
  return { language, saved };
}

async function menuItems({ services, principal }: CoreCall<'menuItems'>) {
  signedIn(principal);
  return readMenuItems(services.database.db);
}

async function menuItemsSave({ services, principal, body: menu }: CoreCall<'menuItemsSave'>) {
  mayUse(principal, 'admin.menu-items');
  // Administration entries stay reachable: hiding them would lock admins out of this screen.
  const clean = {
    hidden: [...new Set(menu.hidden.filter((p) => !p.startsWith('admin')))],
    order: [...new Set(menu.order)],
  };
  await services.database.db.transaction(async (tx) => {
    await writeSetting(tx, MENU_ITEMS_KEY, clean, principal.userId);
    await notifySite(tx, { kind: 'setting', key: MENU_ITEMS_KEY });
  });
  return clean;
}

async function supportRequest({ services, principal, body }: CoreCall<'supportRequest'>) {
  signedIn(principal);
  const { subject, message } = body;
  const to = services.config.supportEmail;
  if (!to) throw new AppError('notConfigured', 'SUPPORT_EMAIL is not set');
  if (!services.limits.support.hit(principal.userId))
    throw new AppError('tooManyAttempts', 'support requests per hour');
  // As the system: the caller's own User, for the support mail's sender.
  const user = await services.items.systemRow(principal.userId);
  const name = typeof user?.data.name === 'string' ? user.data.name : principal.userId;
  const email = typeof user?.data.email === 'string' ? user.data.email : undefined;
  const site = services.config.siteName;
  await services.mailer.send({
    to,
    subject: `[${site} support] ${subject}`,
    text: [
      `From: ${name}${email ? ` <${email}>` : ''} (${principal.userId})`,
      `Site: ${services.config.publicUrl}`,
      principal.masqueradeFrom ? `Sent while ${principal.masqueradeFrom} was masquerading.` : '',
      '',
      message,
    ]
      .filter((l, i) => l !== '' || i === 3)
      .join('\n'),
    ...(email ? { replyTo: email } : {}),
  });
  return { sent: true as const };
}

type AdminActs = Pick<
  CoreActs,
  'adminState' | 'systextGet' | 'systextSave' | 'menuItems' | 'menuItemsSave' | 'supportRequest'
>;

export const adminActs: ActHandlers<AdminActs> = {
  adminState: async ({ services, principal }) => {
    mayUse(principal, 'admin.state');
    return adminState(services);
  },
  systextGet,
  systextSave,
  menuItems,
  menuItemsSave,
  supportRequest,
};
