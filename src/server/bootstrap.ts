import { createAccount, countAdmins, countUsers } from './auth/accounts';
import type { ServerConfig } from './config';
import type { ItemService } from './items/item-service';
import { seedDemo, type DemoSignIn } from './seed/demo';

export interface BootstrapResult {
  createdAdmin: string | null;
  demo: DemoSignIn[] | null;
}

/**
 * First start: create the admin from ADMIN_EMAIL/ADMIN_PASSWORD when no admin exists, and seed
 * the demo on an empty embedded database (DEMO_DATA=auto), or always/never with true/false.
 */
export async function bootstrap(cfg: ServerConfig, items: ItemService): Promise<BootstrapResult> {
  const empty = (await countUsers(items.db)) === 0;
  const seed = cfg.demoData === 'true' ? empty : cfg.demoData === 'auto' && empty && !cfg.databaseUrl;
  const demo = seed ? await seedDemo(items) : null;
  let createdAdmin: string | null = null;
  if (cfg.adminEmail && cfg.adminPassword && (await countAdmins(items.db)) === 0) {
    createdAdmin = await createAccount(items, {
      email: cfg.adminEmail,
      password: cfg.adminPassword,
      admin: true,
      name: 'Administrator',
    });
  }
  return { createdAdmin, demo };
}
