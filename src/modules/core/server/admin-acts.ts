import { z } from 'zod';
import { AppError } from '../../../protocol/errors';
import {
  type ActCall,
  type ActHandler,
  adminState,
  dbOverrides,
  fileOverrides,
  KEY_RE,
  LANGUAGE_RE,
  MENU_ITEMS_KEY,
  MenuItems,
  notifySite,
  type Principal,
  readMenuItems,
  saveOverrides,
  writeSetting,
} from '../../../server/module-api';
import { parse, signedIn } from './act-input';

// The acts behind the admin and information screens: admin.state, admin.systext,
// admin.menu-items and the help menu's support request. Admin acts check the flag here, on the
// server, whatever the client's menu shows.

function admin(p: Principal): void {
  if (!p.admin) throw new AppError('notAllowed', 'admins only');
}

const Language = z.string().regex(LANGUAGE_RE);
const SystextGetBody = z.object({ language: Language });
const SystextSaveBody = z.object({
  language: Language,
  values: z
    .record(z.string().max(200).regex(KEY_RE), z.string().max(5000).nullable())
    .refine((v) => Object.keys(v).length <= 5000, 'at most 5000 keys at once'),
});
const SupportBody = z.object({
  subject: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(10_000),
});

async function systextGet({ services, principal, body }: ActCall) {
  admin(principal);
  const { language } = parse(SystextGetBody, body);
  return {
    language,
    overrides: await dbOverrides(services.database.db, language),
    fileOverrides: fileOverrides(services.config.dataDir, language),
  };
}

async function systextSave({ services, principal, body }: ActCall) {
  admin(principal);
  const { language, values } = parse(SystextSaveBody, body);
  const saved = await services.database.db.transaction(async (tx) => {
    const n = await saveOverrides(tx, language, values, principal.userId);
    await notifySite(tx, { kind: 'locale', language });
    return n;
  });
  return { language, saved };
}

async function menuItems({ services, principal }: ActCall) {
  signedIn(principal);
  return readMenuItems(services.database.db);
}

async function menuItemsSave({ services, principal, body }: ActCall) {
  admin(principal);
  const menu = parse(MenuItems, body);
  // Administration entries stay reachable: hiding them would lock admins out of this screen.
  const clean = {
    hidden: [...new Set(menu.hidden.filter((p) => !p.startsWith('admin')))],
    order: [...new Set(menu.order)],
  };
  await services.database.db.transaction(async (tx) => {
    await writeSetting(tx, MENU_ITEMS_KEY, clean, principal.userId);
    await notifySite(tx, { kind: 'menu' });
  });
  return clean;
}

async function supportRequest({ services, principal, body }: ActCall) {
  signedIn(principal);
  const { subject, message } = parse(SupportBody, body);
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
  return { sent: true };
}

export const adminActs: Record<string, ActHandler> = {
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
