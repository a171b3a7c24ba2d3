import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/server/bootstrap';
import { DEMO_PASSWORD } from '../src/server/seed/demo';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, testConfig, type TestServer } from './helpers/test-server';
import { connectAs } from './helpers/ws-client';

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

async function titlesVisibleTo(email: string) {
  const { client } = await connectAs(server, email, DEMO_PASSWORD);
  const ids = Array.from({ length: 12 }, (_, i) => `Agreement-${i + 1}`).concat(
    Array.from({ length: 12 }, (_, i) => `Thread-${i + 1}`),
  );
  const many = await client.call<Record<string, { title?: string; subject?: string; erred?: boolean }>>(
    'readMany/object',
    ids,
  );
  await client.close();
  return Object.values(many)
    .filter((x) => !x.erred)
    .map((x) => x.title ?? x.subject)
    .sort();
}

describe('first start', () => {
  // The whole demo (every module's) is seeded here: 41 s on a loaded CI runner, so more than the default.
  it('seeds the demo once, creates the first admin from the environment, and never twice', async () => {
    const items = server.app.services.items;
    const first = await bootstrap(
      testConfig({
        demoData: 'true',
        adminEmail: 'first.admin@example.test',
        adminPassword: 'long-enough-1',
      }),
      items,
    );
    expect(first.demo?.map((d) => d.email)).toContain('lands.officer@riverbend.example');
    // The demo brings its own site admin; the one ADMIN_EMAIL asks for is made all the same
    // (issue 11, finding 8: it used to be silently skipped).
    expect(first.createdAdmin).toMatch(/^User-\d+$/);
    expect(first.adminNote).toBeNull();
    const again = await bootstrap(testConfig({ demoData: 'true' }), items);
    expect(again.demo).toBeNull();
  }, 180_000);

  it('gives each demo role the view the access model promises', async () => {
    const member = await titlesVisibleTo('member@riverbend.example');
    expect(member).toContain('Community data-sharing terms');
    expect(member).toContain("Elders' gathering at the river flats");
    expect(member).not.toContain('Traditional-use study agreement');
    expect(member).not.toContain('Sacred site monitoring, confidential');

    const proponent = await titlesVisibleTo('proponent@northernpipeline.example');
    // Her company's own records, and what Riverbend shared with it; not the Crown's record.
    // ('Bear Pass lateral' is the consult demo's incomplete notice to her company: a thread
    // shared with the proponent by its purpose.)
    expect(proponent).toEqual([
      'Bear Pass lateral',
      'Kettle River pipeline engagement plan',
      'Kettle River pipeline: route options',
      'Open house logistics, Riverbend hall',
      'Pipeline accommodation agreement (negotiation draft)',
      'Riverbend consultation protocol',
    ]);

    const regulator = await titlesVisibleTo('regulator@lands.gov.example');
    expect(regulator).toContain('Crown consultation record: Kettle River pipeline');
    expect(regulator).not.toContain('Kettle River pipeline: route options');

    const landsAdmin = await titlesVisibleTo('lands.admin@riverbend.example');
    expect(landsAdmin).toContain('Sacred site monitoring, confidential');
    expect(landsAdmin).toContain('Traditional-use study agreement');
  });
});

describe('first admin without demo data', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD when none exists', async () => {
    const other = await openTestDatabase();
    const node = await startTestServer(other.database);
    try {
      const res = await bootstrap(
        testConfig({ demoData: 'false', adminEmail: 'boss@example.test', adminPassword: 'long-enough-2' }),
        node.app.services.items,
      );
      expect(res.createdAdmin).toMatch(/^User-\d+$/);
      const { user, client } = await connectAs(node, 'boss@example.test', 'long-enough-2');
      expect(user.admin).toBe(true);
      await client.close();
      const twice = await bootstrap(
        testConfig({ demoData: 'false', adminEmail: 'boss2@example.test', adminPassword: 'long-enough-2' }),
        node.app.services.items,
      );
      expect(twice.createdAdmin).toBeNull();
      // Never silently: the banner says why.
      expect(twice.adminNote).toMatch(/boss2@example\.test was not created: the site already has an admin/);
      const restart = await bootstrap(
        testConfig({ demoData: 'false', adminEmail: 'boss@example.test', adminPassword: 'long-enough-2' }),
        node.app.services.items,
      );
      expect(restart.createdAdmin).toBeNull();
      expect(restart.adminNote).toMatch(/boss@example\.test already has an account/);
    } finally {
      await node.close();
      await other.close();
    }
  });
});

describe('first admin on a fresh embedded install with the demo', () => {
  it('creates ADMIN_EMAIL although the demo brings its own admin, and seeds the demo too', async () => {
    const other = await openTestDatabase();
    // DEMO_DATA=auto and no DATABASE_URL: what `npm start` does on a new machine.
    const cfg = testConfig({
      demoData: 'auto',
      databaseUrl: undefined,
      adminEmail: 'Chief.Admin@example.test',
      adminPassword: 'long-enough-3',
    });
    const node = await startTestServer(other.database, cfg);
    try {
      const res = await bootstrap(cfg, node.app.services.items);
      expect(res.demo?.map((d) => d.email)).toContain('admin@riverbend.example');
      expect(res.createdAdmin).toMatch(/^User-\d+$/);
      expect(res.adminNote).toBeNull();
      const { user, client } = await connectAs(node, 'chief.admin@example.test', 'long-enough-3');
      expect(user).toMatchObject({ $id: res.createdAdmin, admin: true });
      await client.close();
      // The demo's own sign-ins work as before.
      const demo = await connectAs(node, 'member@riverbend.example', DEMO_PASSWORD);
      await demo.client.close();
    } finally {
      await node.close();
      await other.close();
    }
    // Seeding the whole demo (every module's) on a loaded 2-core machine: CI saw 30 s run out.
  }, 120_000);

  it('says so when ADMIN_EMAIL is one of the demo accounts', async () => {
    const other = await openTestDatabase();
    const cfg = testConfig({
      demoData: 'auto',
      databaseUrl: undefined,
      adminEmail: 'member@riverbend.example',
      adminPassword: 'long-enough-4',
    });
    const node = await startTestServer(other.database, cfg);
    try {
      const res = await bootstrap(cfg, node.app.services.items);
      expect(res.createdAdmin).toBeNull();
      expect(res.adminNote).toMatch(/member@riverbend\.example already has an account/);
    } finally {
      await node.close();
      await other.close();
    }
    // Seeding the whole demo (every module's) on a loaded 2-core machine: CI saw 30 s run out.
  }, 120_000);
});
