import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRegistry } from '../src/modules';
import { AccessPolicy } from '../src/server/access/policy';
import { SYSTEM } from '../src/server/access/principal';
import { ItemService } from '../src/server/items/item-service';
import { DEMO_PASSWORD, seedDemo } from '../src/server/seed/demo';
import { loadServerModules } from '../src/server/server-modules';
import type { ServerModule } from '../src/server/services';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';

// Demo data is each module's own (ServerModule.seedDemo): the generic seed runs the halves in
// the one list's order, so a later module's demo links to an earlier one's items by name.

let tdb: TestDatabase;
let items: ItemService;

beforeAll(async () => {
  tdb = await openTestDatabase();
  const registry = appRegistry();
  items = new ItemService(tdb.database, registry, new AccessPolicy(registry));
});

afterAll(async () => {
  await tdb?.close();
});

describe('seedDemo', () => {
  it('runs each half’s seedDemo in order, sharing ids and collecting the sign-ins', async () => {
    const [core] = await loadServerModules();
    expect(core?.seedDemo).toBeTypeOf('function');
    const seen: string[] = [];
    const later: ServerModule = {
      id: 'later',
      acts: {},
      async seedDemo(svc, demo) {
        // Core's demo ran first: its organisations are there, by name.
        const riverbend = demo.ids.get('org.riverbend')!;
        seen.push(riverbend);
        const t = await svc.create(SYSTEM, 'Thread', { subject: 'Later module’s demo', owner: riverbend });
        demo.ids.set('thread.later', t.$id);
        demo.signIn({ email: 'later@example.test', password: demo.password, who: 'a later module' });
      },
    };
    const signIns = await seedDemo(items, [core!, later]);
    expect(signIns).toContainEqual({
      email: 'admin@riverbend.example',
      password: DEMO_PASSWORD,
      who: 'site admin (also Riverbend orgAdmin)',
    });
    expect(signIns.at(-1)).toEqual({
      email: 'later@example.test',
      password: DEMO_PASSWORD,
      who: 'a later module',
    });
    expect(seen).toHaveLength(1);
    expect((await items.read(SYSTEM, seen[0]!)).displayName).toBe('Riverbend First Nation');
  });
});
