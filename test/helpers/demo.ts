import { inject } from 'vitest';
import type { ItemService } from '../../src/server/items/item-service';
import { seedDemo, type DemoSignIn } from '../../src/server/seed/demo';
import type { TestDatabase } from './test-db';

/**
 * The demo in a database opened with `openTestDatabase({ demo: true })`: already there when the
 * run's template was seeded today (test/demo-template-setup.ts), else seeded now. The sign-ins
 * are the seed's either way.
 */
export async function demoIn(tdb: TestDatabase, items: ItemService): Promise<DemoSignIn[]> {
  const tpl = inject('demoTemplate');
  if (tdb.seeded && tpl) return tpl.signIns;
  return seedDemo(items);
}
