import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../src/kernel/module';
import { buildRegistry } from '../src/kernel/registry';
import { loadConfig } from '../src/server/config';
import { clientConfig } from '../src/server/http/client-config';
import { MODULES } from '../src/modules';
import { ANONYMOUS } from '../src/server/access/principal';
import { userSession } from '../src/server/auth/user-session';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, testConfig, type TestServer } from './helpers/test-server';
import { connectAs, type Frame, type WsClient } from './helpers/ws-client';

// Capabilities granted by admins (spec core §3, issue 12 §6) on the real server over real
// sockets: act/setCapabilities, the session's capabilities map (Core for everyone, all for
// admins, a user's own and their organisations'), and the session pushed again live when a grant
// or a membership changes. Only core is registered today, so a small module of this file's own
// registers the capabilities to grant.

const capsModule = defineModule({ id: 'captest', types: [], capabilities: ['Research', 'Vocab'] });

type Person = { id: string; email: string };
let tdb: TestDatabase;
let server: TestServer;
let org: string;
let admin: Person;
let member: Person;
let outsider: Person;
let adminWs: WsClient;
let memberWs: WsClient;
let outsiderWs: WsClient;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, {}, [...MODULES, capsModule]);
  const items = server.app.services.items;
  org = await makeOrg(items, 'Riverbend First Nation');
  const other = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  admin = await makeUser(items, [], { admin: true });
  member = await makeUser(items, [[org, 'member']]);
  outsider = await makeUser(items, [[other, 'editor']]);
  adminWs = (await connectAs(server, admin.email, PASSWORD)).client;
  memberWs = (await connectAs(server, member.email, PASSWORD)).client;
  outsiderWs = (await connectAs(server, outsider.email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  await adminWs?.close();
  await memberWs?.close();
  await outsiderWs?.close();
  await server?.close();
  await tdb?.close();
});

type Session = { $id: string; capabilities: Record<string, boolean>; memberships?: { org: string }[] };
const caps = (f: Frame) => Object.keys((f.b as Session).capabilities).sort();
const sessionPush = (ws: WsClient, after: number, want: (s: Session) => boolean) =>
  ws.waitForPush((f, i = ws.pushes.indexOf(f)) => f.o === 'authed' && i >= after && want(f.b as Session));
const authedPushes = (ws: WsClient) => ws.pushes.filter((f) => f.o === 'authed').length;

async function sessionOf(p: Person): Promise<string[]> {
  const { client, user } = await connectAs(server, p.email, PASSWORD);
  await client.close();
  return Object.keys(user.capabilities as Record<string, boolean>).sort();
}

describe('the session capabilities', () => {
  it('gives the signed-out visitor Core only, an admin every registered one, others Core', async () => {
    const anon = await userSession(server.app.services, ANONYMOUS, null);
    expect(anon.capabilities).toEqual({ Core: true });
    // Every module's capabilities (each module adds its own), and at least those named here.
    const registered = [
      ...new Set(['Core', ...[...MODULES, capsModule].flatMap((m) => m.capabilities ?? [])]),
    ];
    expect(await sessionOf(admin)).toEqual(registered.sort());
    expect(registered).toEqual(
      expect.arrayContaining(['Consult', 'ConsultDrafts', 'ConsultRespond', 'Research', 'Spatial', 'Vocab']),
    );
    expect(await sessionOf(member)).toEqual(['Core']);
    expect(await sessionOf(outsider)).toEqual(['Core']);
  });
});

describe('act/setCapabilities', () => {
  it("grants an organisation's capability to its members, live, and not to others", async () => {
    const seen = memberWs.pushes.length;
    const outsiderBefore = authedPushes(outsiderWs);
    const r = await adminWs.call('act/setCapabilities', { id: org, capabilities: ['Research'] });
    expect(r).toEqual({ $id: org, capabilities: ['Research'] });
    const push = await sessionPush(memberWs, seen, (s) => s.capabilities.Research === true);
    expect(caps(push)).toEqual(['Core', 'Research']);
    expect((push.b as Session).$id).toBe(member.id);
    // A fresh sign-in reads the same; the outsider neither gets a push nor the capability.
    expect(await sessionOf(member)).toEqual(['Core', 'Research']);
    expect(await sessionOf(outsider)).toEqual(['Core']);
    expect(authedPushes(outsiderWs)).toBe(outsiderBefore);
    // The organisation stores a list (its property is a string list).
    const stored = await server.app.services.items.systemRow(org);
    expect(stored?.data.capabilities).toEqual(['Research']);
  });

  it("grants a user's own capability, stored as the User's map, live to that user", async () => {
    const seen = outsiderWs.pushes.length;
    const r = await adminWs.call('act/setCapabilities', { id: outsider.id, capabilities: ['Vocab', 'Core'] });
    // Core is everyone's: accepted, never stored.
    expect(r).toEqual({ $id: outsider.id, capabilities: ['Vocab'] });
    const push = await sessionPush(outsiderWs, seen, (s) => s.capabilities.Vocab === true);
    expect(caps(push)).toEqual(['Core', 'Vocab']);
    const stored = await server.app.services.items.systemRow(outsider.id);
    expect(stored?.data.capabilities).toEqual({ Vocab: true });
  });

  it('follows membership: joining the organisation adds its capabilities, leaving removes them', async () => {
    let seen = outsiderWs.pushes.length;
    await adminWs.call('act/setMembership', { userId: outsider.id, org, roles: ['member'] });
    let push = await sessionPush(outsiderWs, seen, (s) => s.capabilities.Research === true);
    expect(caps(push)).toEqual(['Core', 'Research', 'Vocab']);
    seen = outsiderWs.pushes.length;
    await adminWs.call('act/setMembership', { userId: outsider.id, org, roles: [] });
    push = await sessionPush(outsiderWs, seen, (s) => s.capabilities.Research !== true);
    expect(caps(push)).toEqual(['Core', 'Vocab']);
  });

  it('revokes live, also when an admin writes the property with a plain update', async () => {
    const row = await server.app.services.items.systemRow(org);
    const seen = memberWs.pushes.length;
    await adminWs.call('update', { $id: org, $version: row!.version, capabilities: [] });
    const push = await sessionPush(memberWs, seen, (s) => s.capabilities.Research !== true);
    expect(caps(push)).toEqual(['Core']);
  });

  it('reaches a session on another node', async () => {
    // Two nodes on one database: the principals notification goes through it.
    const nodeB = await startTestServer(tdb.database, { nodeId: 'node-b' }, [...MODULES, capsModule]);
    try {
      const onB = (await connectAs(nodeB, member.email, PASSWORD)).client;
      await adminWs.call('act/setCapabilities', { id: member.id, capabilities: ['Vocab'] });
      const push = await sessionPush(onB, 0, (s) => s.capabilities.Vocab === true);
      expect(caps(push)).toEqual(['Core', 'Vocab']);
      await adminWs.call('act/setCapabilities', { id: member.id, capabilities: [] });
      await sessionPush(onB, 0, (s) => s.capabilities.Vocab !== true && s.$id === member.id);
      await onB.close();
    } finally {
      await nodeB.close();
    }
  });

  it('refuses an unregistered capability and writes nothing', async () => {
    const f = await adminWs.request('act/setCapabilities', {
      id: org,
      capabilities: ['Research', 'Telepathy'],
    });
    expect(f.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect((f.b as { sysMessage: string }).sysMessage).toContain('Telepathy');
    expect((await server.app.services.items.systemRow(org))?.data.capabilities).toEqual([]);
  });

  it('refuses ids of other types and unknown items', async () => {
    const other = await adminWs.request('act/setCapabilities', { id: 'Thread-1', capabilities: [] });
    expect(other.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    const missing = await adminWs.request('act/setCapabilities', {
      id: 'Organization-999999',
      capabilities: ['Research'],
    });
    expect(missing.b).toMatchObject({ erred: true });
  });

  it('records the change in the item’s timeline, with the admin as actor', async () => {
    await adminWs.call('act/setCapabilities', { id: org, capabilities: ['Vocab'] });
    const [, num] = org.split('-');
    const t = await adminWs.call<{ events: { kind: string; actor: string; data: unknown }[] }>(
      'act/timeline',
      { _t: 'Organization', _i: Number(num) },
    );
    expect(t.events[0]).toMatchObject({
      kind: 'updated',
      actor: admin.id,
      data: { changes: { capabilities: { from: [], to: ['Vocab'] } } },
    });
  });

  it('is for admins only', async () => {
    for (const ws of [memberWs, outsiderWs]) {
      const f = await ws.request('act/setCapabilities', { id: member.id, capabilities: ['Research'] });
      expect(f.b).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    }
    expect((await server.app.services.items.systemRow(member.id))?.data.capabilities).toEqual({});
  });
});

describe('the config sent to the page', () => {
  // The research module's group (research/views.ts: keyCap Research) and the consultation
  // module's (consult/views.ts: dedicatedKeyCap Consult), as registered.
  const registry = buildRegistry(MODULES);
  const navOf = (keyCaps: string[]) => clientConfig(testConfig({ keyCaps }), registry).nav.map((e) => e.path);

  it('leaves out the entries of groups whose key capability the deployment lacks', () => {
    expect(navOf([])).not.toContain('research');
    expect(navOf([])).toEqual(expect.arrayContaining(['consult', 'consult.projects']));
    expect(navOf(['Research'])).toContain('research');
    expect(navOf(['Research'])).not.toContain('consult');
    expect(navOf(['Research'])).not.toContain('consult.projects');
    expect(navOf(['Consult'])).toEqual(expect.arrayContaining(['consult', 'consult.responses', 'search']));
    expect(navOf(['Consult'])).not.toContain('research');
  });

  it('reads KEY_CAPS into keyCaps, and sends them', () => {
    const cfg = loadConfig({ LOG_LEVEL: 'silent', KEY_CAPS: 'Research,Vocab' });
    expect(cfg.keyCaps).toEqual(['Research', 'Vocab']);
    expect(clientConfig(cfg, registry).keyCaps).toEqual(['Research', 'Vocab']);
    expect(loadConfig({ LOG_LEVEL: 'silent' }).keyCaps).toEqual([]);
  });
});
