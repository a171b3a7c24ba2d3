import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from './helpers/child-server';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { MailSink } from './helpers/mail-sink';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// The admin and information screens end to end over real sockets: system alerts (admin CRUD,
// live to every signed-in user), admin.state, admin.systext overrides (stored, served, on a
// second node), admin.menu-items, support requests to a real SMTP server, what's-new state.

type Person = { id: string; email: string };
let tdb: TestDatabase;
let server: TestServer;
let nodeB: { url: string; wsUrl: string; stop(): Promise<void> };
let child: ChildServer | null = null;
let sink: MailSink;
let dataDir: string;
let adminUser: Person;
let member: Person;
let outsider: Person;
let adminWs: WsClient;
let memberWs: WsClient;

const SUPPORT = 'help-desk@riverbend.example';

beforeAll(async () => {
  tdb = await openTestDatabase();
  sink = await MailSink.start();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-admin-'));
  mkdirSync(path.join(dataDir, 'locale-overrides'), { recursive: true });
  writeFileSync(
    path.join(dataDir, 'locale-overrides', 'fr.json'),
    JSON.stringify({ nav: { home: 'Accueil (fichier)', search: 'Recherche' } }),
  );
  server = await startTestServer(tdb.database, {
    smtpUrl: sink.url,
    supportEmail: SUPPORT,
    supportPerHour: 2,
    dataDir,
    nodeId: 'node-a',
  });
  const items = server.app.services.items;
  const org = await makeOrg(items, 'Riverbend First Nation');
  const other = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  adminUser = await makeUser(items, [], { admin: true });
  member = await makeUser(items, [[org, 'member']]);
  outsider = await makeUser(items, [[other, 'editor']]);
  if (tdb.url) {
    child = await startChildServer({ DATABASE_URL: tdb.url });
    nodeB = { url: child.url, wsUrl: child.wsUrl, stop: () => child!.stop() };
  } else {
    const second = await startTestServer(tdb.database, { nodeId: 'node-b', dataDir });
    nodeB = { url: second.url, wsUrl: second.wsUrl, stop: () => second.close() };
  }
  adminWs = (await connectAs(server, adminUser.email, PASSWORD)).client;
  memberWs = (await connectAs(server, member.email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  await adminWs?.close();
  await memberWs?.close();
  await nodeB?.stop();
  await server?.close();
  await sink?.close();
  await tdb?.close();
});

const erred = (b: unknown) => (b as { erred?: boolean; userMessage?: string }).userMessage;

describe('system alerts', () => {
  let alertId: string;

  it('lets only admins create them, and pushes them live to every signed-in watcher', async () => {
    await memberWs.call('addWatch/SystemAlert-0', {});
    const refused = await memberWs.request('create/SystemAlert', { title: 'x', message: 'y' });
    expect(erred(refused.b)).toBe('notAllowed');

    const created = await adminWs.call<{ $id: string; $version: number }>('create/SystemAlert', {
      title: 'Server maintenance Saturday',
      message: 'The site will be down from 8 to 10 am.',
      modal: true,
      active: true,
    });
    alertId = created.$id;
    const push = await memberWs.waitForPush(
      (f) => f.o === 'itemUpdated' && (f.b as { $id: string }).$id === alertId,
    );
    expect(push.b).toMatchObject({ title: 'Server maintenance Saturday', modal: true, active: true });
  });

  it('lets every signed-in user find the active ones, but never visitors', async () => {
    const other = await connectAs(server, outsider.email, PASSWORD);
    const found = await other.client.call<{ ids: string[] }>('search/ids', {
      must: { _t: ['SystemAlert'], active: [true] },
    });
    expect(found.ids).toContain(alertId);
    expect(await other.client.call('read/' + alertId)).toMatchObject({
      title: 'Server maintenance Saturday',
    });
    await other.client.close();

    const anon = await fetch(`${server.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ o: 'read/' + alertId, s: '1' }),
    });
    expect(erred(((await anon.json()) as { data: unknown }).data)).toBe('notFound');
  });

  it('refuses updates and deletes by non-admins; admins deactivate and delete, and watchers hear of it', async () => {
    const current = await memberWs.call<{ $version: number }>('read/' + alertId);
    const upd = await memberWs.request('update', { $id: alertId, $version: current.$version, active: false });
    expect(erred(upd.b)).toBe('notAllowed');
    const del = await memberWs.request('act/delete', {
      _t: 'SystemAlert',
      _i: Number(alertId.split('-')[1]),
    });
    expect(erred(del.b)).toBe('notAllowed');

    await adminWs.call('update', { $id: alertId, $version: current.$version, active: false });
    await memberWs.waitForPush(
      (f) =>
        f.o === 'itemUpdated' &&
        (f.b as { $id: string; active?: boolean }).$id === alertId &&
        f.b !== null &&
        (f.b as { active?: boolean }).active === false,
    );
    await adminWs.call('act/delete', { _t: 'SystemAlert', _i: Number(alertId.split('-')[1]) });
    await memberWs.waitForPush(
      (f) => f.o === 'item/action' && (f.b as { itemID: string }).itemID === alertId,
    );
  });
});

describe('admin.state', () => {
  it('answers admins with version, uptime, database, jobs, sockets and every live node', async () => {
    const s = await adminWs.call<Record<string, unknown>>('act/adminState', {});
    expect(s).toMatchObject({
      version: expect.any(String),
      nodeId: 'node-a',
      uptimeSeconds: expect.any(Number),
      database: { kind: tdb.url ? 'postgres' : 'pglite', sizeBytes: expect.any(Number) },
      jobs: { running: true, depth: expect.any(Number) },
    });
    expect((s.database as { sizeBytes: number }).sizeBytes).toBeGreaterThan(0);
    expect((s.sockets as { total: number }).total).toBeGreaterThanOrEqual(2);
    const nodes = s.nodes as { nodeId: string; self: boolean }[];
    expect(nodes.find((n) => n.self)?.nodeId).toBe('node-a');
    expect(nodes.length).toBeGreaterThanOrEqual(2);
  });

  it('counts the jobs waiting in pg-boss', async () => {
    const jobs = server.app.services.jobs;
    await jobs.register('adminStateProbe', async () => {});
    type Jobs = { running: boolean; created: number; depth: number };
    const before = (await adminWs.call<{ jobs: Jobs }>('act/adminState', {})).jobs;
    // A job deferred by an hour stays in 'created': it must show in the depth until it runs.
    await jobs.send('adminStateProbe', {}, { startAfterSeconds: 3600 });
    const after = (await adminWs.call<{ jobs: Jobs }>('act/adminState', {})).jobs;
    expect(after.running).toBe(true);
    expect(after.depth).toBe(before.depth + 1);
    expect(after.created).toBe(before.created + 1);
  });

  it('refuses everyone but admins', async () => {
    expect(erred((await memberWs.request('act/adminState', {})).b)).toBe('notAllowed');
    expect(erred((await memberWs.request('act/systextGet', { language: 'fr' })).b)).toBe('notAllowed');
    expect(
      erred((await memberWs.request('act/systextSave', { language: 'fr', values: { 'nav.home': 'x' } })).b),
    ).toBe('notAllowed');
    expect(erred((await memberWs.request('act/menuItemsSave', { hidden: [], order: [] })).b)).toBe(
      'notAllowed',
    );
  });
});

describe('admin.systext', () => {
  it('stores overrides, serves them over the seed file, and tells connected browsers', async () => {
    const saved = await adminWs.call('act/systextSave', {
      language: 'fr',
      values: { 'nav.home': 'Accueil', 'topBar.search': 'Chercher' },
    });
    expect(saved).toEqual({ language: 'fr', saved: 2 });
    await memberWs.waitForPush(
      (f) => f.o === 'localeOverrides' && (f.b as { language: string }).language === 'fr',
    );
    const served = (await (await fetch(`${server.url}/locale-overrides/fr`)).json()) as Record<
      string,
      Record<string, string>
    >;
    expect(served.nav).toEqual({ home: 'Accueil', search: 'Recherche' });
    expect(served.topBar).toEqual({ search: 'Chercher' });

    const got = await adminWs.call<{
      overrides: Record<string, string>;
      fileOverrides: Record<string, string>;
    }>('act/systextGet', { language: 'fr' });
    expect(got.overrides).toEqual({ 'nav.home': 'Accueil', 'topBar.search': 'Chercher' });
    expect(got.fileOverrides['nav.search']).toBe('Recherche');
  });

  it('serves a saved override from the other node at once, and removes it when cleared', async () => {
    const b = (await (await fetch(`${nodeB.url}/locale-overrides/fr`)).json()) as Record<
      string,
      Record<string, string>
    >;
    expect(b.topBar?.search).toBe('Chercher');
    await adminWs.call('act/systextSave', { language: 'fr', values: { 'topBar.search': null } });
    const again = (await (await fetch(`${nodeB.url}/locale-overrides/fr`)).json()) as Record<string, unknown>;
    expect(again.topBar).toBeUndefined();
  });

  it('refuses bad languages and keys', async () => {
    expect(erred((await adminWs.request('act/systextSave', { language: 'French!', values: {} })).b)).toBe(
      'invalidInput',
    );
    expect(
      erred((await adminWs.request('act/systextSave', { language: 'fr', values: { 'a..b': 'x' } })).b),
    ).toBe('invalidInput');
    expect((await fetch(`${server.url}/locale-overrides/..%2Fetc`)).status).toBe(400);
  });
});

describe('admin.menu-items', () => {
  it('stores hidden and ordered entries, never hides admin entries, and pushes the change', async () => {
    const saved = await adminWs.call('act/menuItemsSave', {
      hidden: ['timeline', 'admin.state'],
      order: ['search', 'home'],
    });
    expect(saved).toEqual({ hidden: ['timeline'], order: ['search', 'home'] });
    const push = await memberWs.waitForPush((f) => f.o === 'menuItems');
    expect(push.b).toEqual(saved);
    expect(await memberWs.call('act/menuItems', {})).toEqual(saved);
  });
});

describe('support request', () => {
  it('mails the support address with the person as reply-to, and limits the rate per user', async () => {
    const before = sink.to(SUPPORT).length;
    expect(
      await memberWs.call('act/supportRequest', {
        subject: 'Cannot upload a map',
        message: 'The upload stops at 50%.',
      }),
    ).toEqual({ sent: true });
    const mail = await sink.next(SUPPORT, before);
    expect(mail.headers.subject).toContain('Cannot upload a map');
    expect(mail.headers['reply-to']).toContain(member.email);
    expect(mail.body).toContain('The upload stops at 50%.');
    expect(mail.body).toContain(member.email);

    expect(erred((await memberWs.request('act/supportRequest', { subject: '', message: 'x' })).b)).toBe(
      'invalidInput',
    );
    await memberWs.call('act/supportRequest', { subject: 'Second', message: 'Again' });
    expect(
      erred((await memberWs.request('act/supportRequest', { subject: 'Third', message: 'Again' })).b),
    ).toBe('tooManyAttempts');
  });

  it('says so when no support address is set, and refuses visitors', async () => {
    const res = await fetch(`${nodeB.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ o: 'act/supportRequest', s: '1', b: { subject: 'a', message: 'b' } }),
    });
    expect(erred(((await res.json()) as { data: unknown }).data)).toBe('notAllowed');
    const other = await connectAs(nodeB, outsider.email, PASSWORD);
    expect(erred((await other.client.request('act/supportRequest', { subject: 'a', message: 'b' })).b)).toBe(
      'notConfigured',
    );
    await other.client.close();
  });
});

describe("what's new", () => {
  it('records the version the user has seen on their own User item', async () => {
    const me = await memberWs.call<{ $version: number }>('read/' + member.id);
    const at = new Date().toISOString();
    const updated = await memberWs.call('update', {
      $id: member.id,
      $version: me.$version,
      whatsNewViewed: '0.1.0',
      whatsNewLast: at,
    });
    expect(updated).toMatchObject({ whatsNewViewed: '0.1.0', whatsNewLast: at });
  });
});
