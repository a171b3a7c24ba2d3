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
import { MENU_ITEMS_KEY, readMenuItems } from './menu-items';

// The acts behind the admin and information screens: admin.state, admin.systext,
// admin.menu-items and the help menu's support request. Admin acts check the flag here, on the
// server, whatever the client's menu shows.

function admin(p: Principal): void {
  if (!p.admin) throw new AppError('notAllowed', 'admins only');
}

async function systextGet({ services, principal, body }: CoreCall<'systextGet'>) {
  admin(principal);
  const { language } = body;
  return {
    language,
    overrides: await dbOverrides(services.database.db, language),
    fileOverrides: fileOverrides(services.config.dataDir, language),
  };
}

async function systextSave({ services, principal, body }: CoreCall<'systextSave'>) {
  admin(principal);
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
  admin(principal);
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
    admin(principal);
    return adminState(services);
  },
  systextGet,
  systextSave,
  menuItems,
  menuItemsSave,
  supportRequest,
};
