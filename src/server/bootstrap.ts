import { createAccount, countAdmins, countUsers, findUserByEmail } from './auth/accounts';
import type { ServerConfig } from './config';
import type { FileStorage } from './files/storage';
import type { ItemService } from './items/item-service';
import { seedDemo, type DemoSignIn } from './seed/demo';

export interface BootstrapResult {
  /** The User id of the admin made from ADMIN_EMAIL/ADMIN_PASSWORD, when made now. */
  createdAdmin: string | null;
  /** Why ADMIN_EMAIL/ADMIN_PASSWORD made no admin, for the start-up banner; null when unset or made. */
  adminNote: string | null;
  demo: DemoSignIn[] | null;
}

/**
 * First start: seed the demo on an empty embedded database (DEMO_DATA=auto), or always/never
 * with true/false; and create the admin from ADMIN_EMAIL/ADMIN_PASSWORD when no admin existed
 * before this start, demo or not. Whether an admin exists is asked before the seed: the demo
 * brings its own site admin, which once made the requested admin silently never appear. The
 * seed runs first so the demo's ids stay the same with or without ADMIN_EMAIL.
 */
export async function bootstrap(
  cfg: ServerConfig,
  items: ItemService,
  files?: FileStorage,
): Promise<BootstrapResult> {
  const empty = (await countUsers(items.db)) === 0;
  const hadAdmin = (await countAdmins(items.db)) > 0;
  const seed = cfg.demoData === 'true' ? empty : cfg.demoData === 'auto' && empty && !cfg.databaseUrl;
  const demo = seed ? await seedDemo(items, undefined, files) : null;
  let createdAdmin: string | null = null;
  let adminNote: string | null = null;
  if (cfg.adminEmail && cfg.adminPassword) {
    if (await findUserByEmail(items.db, cfg.adminEmail))
      adminNote = `ADMIN_EMAIL ${cfg.adminEmail} already has an account; it was left as it is.`;
    else if (hadAdmin)
      adminNote = `ADMIN_EMAIL ${cfg.adminEmail} was not created: the site already has an admin.`;
    else
      createdAdmin = await createAccount(items, {
        email: cfg.adminEmail,
        password: cfg.adminPassword,
        admin: true,
        name: 'Administrator',
      });
  } else if (cfg.adminEmail || cfg.adminPassword) {
    adminNote = 'No first admin was created: ADMIN_EMAIL and ADMIN_PASSWORD must both be set.';
  }
  return { createdAdmin, adminNote, demo };
}
