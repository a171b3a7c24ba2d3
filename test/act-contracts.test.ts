import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreActs, coreAsyncActs } from '../src/modules/core/contract';
import { coreModule } from '../src/modules/core/module';
import { MODULES } from '../src/modules';
import { query } from '../src/server/db/query';
import type { RegisteredAct } from '../src/server/services';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// Act contracts (issue 12): every act's body is parsed with its contract before the handler
// runs, on the socket and on the HTTP fallback; an async action's body before a Task exists;
// the manifest, the contracts and the handlers name the same acts; a drifting reply fails.

let tdb: TestDatabase;
let server: TestServer;
let community: string;
let admin: { id: string; email: string };
let member: { id: string; email: string };
let adminWs: WsClient;
let adminToken: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  admin = await makeUser(items, [[community, 'orgAdmin']], { admin: true });
  member = await makeUser(items, [[community, 'member']]);
  const c = await connectAs(server, admin.email, PASSWORD);
  adminWs = c.client;
  adminToken = c.token;
});

afterAll(async () => {
  await adminWs?.close();
  await server?.close();
  await tdb?.close();
});

interface ErrorReply {
  erred?: boolean;
  userMessage?: string;
  fields?: { path: string; key: string; params?: Record<string, unknown> }[];
}

/** Counts the handler's runs while `fn` runs (the registered act is swapped for a counting one). */
async function countingRuns(name: string, fn: () => Promise<void>): Promise<number> {
  const act = server.app.services.acts.get(name) as RegisteredAct;
  const original = act.handler;
  let runs = 0;
  act.handler = (call) => {
    runs++;
    return original(call);
  };
  try {
    await fn();
  } finally {
    act.handler = original;
  }
  return runs;
}

async function taskCount(): Promise<number> {
  const [r] = await query<{ n: string }>(
    server.app.services.items.db,
    sql`select count(*)::bigint as n from items where type = 'Task'`,
  );
  return Number(r?.n ?? 0);
}

describe('act contracts: the registry', () => {
  it('names the same acts in the manifest, the contracts and the server’s handlers', () => {
    expect(Object.keys(coreModule.acts ?? {}).sort()).toEqual(Object.keys(coreActs).sort());
    // Every module's acts: each manifest's contracts are exactly the handlers the server runs.
    const contracts = new Map(MODULES.flatMap((m) => Object.entries(m.acts ?? {})));
    const names = [...contracts.keys()].sort();
    expect([...server.app.services.acts.keys()].sort()).toEqual(names);
    expect([...server.app.services.registry.acts.keys()].sort()).toEqual(names);
    for (const [name, act] of server.app.services.acts) {
      expect(act.contract).toBe(contracts.get(name));
      expect(act.contract.async).toBe(false);
    }
  });

  it('has a contract for every async action and an async action for every async contract', () => {
    for (const name of Object.keys(coreAsyncActs))
      expect(server.app.services.tasks.hasAction(name)).toBe(true);
    expect(server.app.services.tasks.hasAction('rolesAvailable')).toBe(false);
  });
});

describe('act contracts: bodies', () => {
  const bad: [act: string, body: unknown, field: { path: string; key: string; params?: unknown }][] = [
    ['blockUser', { user: 'User-1', blocked: 'yes' }, { path: 'blocked', key: 'errors.invalidType' }],
    ['setMembership', { userId: 'User-1', org: 'Organization-1' }, { path: 'roles', key: 'errors.required' }],
    [
      'isAllowed',
      { _t: 'Thread', _i: 0, actions: ['read'], extra: 1 },
      { path: 'extra', key: 'errors.unknownField' },
    ],
    [
      'supportRequest',
      { subject: 'x'.repeat(201), message: 'hello' },
      { path: 'subject', key: 'errors.maxLength', params: { max: 200 } },
    ],
    ['markNotifications', { indexes: 'all' }, { path: 'indexes', key: 'errors.invalidType' }],
    [
      'getGrantedBy',
      { grantsFor: Array.from({ length: 1001 }, (_, i) => `Thread-${i + 1}`) },
      { path: 'grantsFor', key: 'errors.invalidValue' },
    ],
    ['timeline', { _t: 'Thread', _i: 'one' }, { path: '_i', key: 'errors.invalidType' }],
    ['systextSave', { language: 'fr', values: [] }, { path: 'values', key: 'errors.invalidType' }],
  ];

  for (const [name, body, field] of bad) {
    it(`${name}: a body of the wrong shape is invalidInput with field keys, and the handler does not run`, async () => {
      let reply: ErrorReply = {};
      const runs = await countingRuns(name, async () => {
        reply = (await adminWs.request(`act/${name}`, body)).b as ErrorReply;
      });
      expect(runs).toBe(0);
      expect(reply).toMatchObject({ erred: true, userMessage: 'invalidInput' });
      expect(reply.fields).toEqual(expect.arrayContaining([field]));
    });
  }

  it('runs the handler with a body that keeps to the contract (the counter works)', async () => {
    const runs = await countingRuns('isAllowed', async () => {
      const r = await adminWs.call<{ allowed: Record<string, boolean> }>('act/isAllowed', {
        _t: 'Thread',
        _i: 0,
        actions: ['create'],
      });
      expect(typeof r.allowed.create).toBe('boolean');
    });
    expect(runs).toBe(1);
  });

  it('checks the body the same way on the HTTP fallback (POST /api/item)', async () => {
    let data: ErrorReply = {};
    const runs = await countingRuns('blockUser', async () => {
      const res = await fetch(`${server.url}/api/item`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ o: 'act/blockUser', s: '1', b: { user: 'Contact-3', blocked: true } }),
      });
      data = ((await res.json()) as { data: ErrorReply }).data;
    });
    expect(runs).toBe(0);
    expect(data).toMatchObject({
      userMessage: 'invalidInput',
      fields: [{ path: 'user', key: 'errors.invalidValue' }],
    });
  });

  it('lets an act without a body take the protocol’s default body', async () => {
    expect(await adminWs.call('act/rolesAvailable')).toEqual({
      roles: ['editor', 'member', 'orgAdmin', 'staff'],
    });
    const { client } = await connectAs(server, member.email, PASSWORD);
    expect(await client.call('act/contactNotify')).toMatchObject({ contacts: [] });
    expect(((await client.request('act/contactNotify', { notify: 'NONE' })).b as ErrorReply).fields).toEqual([
      { path: 'contact', key: 'errors.required' },
    ]);
    await client.close();
  });
});

describe('act contracts: async actions', () => {
  it('refuses a bad body before a Task is created', async () => {
    const before = await taskCount();
    const replies = [
      await adminWs.request('act/exportCsv/async', { query: { must: 'nope' } }),
      await adminWs.request('act/exportCsv/async', { savedSearch: 7 }),
      await adminWs.request('act/exportZip/async', { query: {}, name: 'other.zip' }),
      await adminWs.request('act/simulateTask/async', { seconds: 'ten' }),
      await adminWs.request('act/simulateTask/async', { seconds: 1, extra: true }),
    ].map((f) => f.b as ErrorReply);
    for (const r of replies) expect(r).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect(replies[3]!.fields).toEqual([{ path: 'seconds', key: 'errors.invalidType' }]);
    expect(replies[4]!.fields).toEqual([{ path: 'extra', key: 'errors.unknownField' }]);
    expect(await taskCount()).toBe(before);
  });

  it('starts a Task for a body that keeps to the contract, its reply as the contract says', async () => {
    const before = await taskCount();
    const started = await adminWs.call('act/simulateTask/async', { seconds: 0 });
    expect(coreAsyncActs.simulateTask.reply.safeParse(started).success).toBe(true);
    expect(await taskCount()).toBe(before + 1);
  });
});

describe('act contracts: replies', () => {
  it('a handler whose reply drifts from its contract fails loudly (reply checking is on in tests)', async () => {
    const act = server.app.services.acts.get('rolesAvailable') as RegisteredAct;
    const original = act.handler;
    act.handler = async () => ({ roles: ['member'], leaked: 'a field the contract does not have' });
    try {
      const r = (await adminWs.request('act/rolesAvailable', {})).b as ErrorReply;
      expect(r).toMatchObject({ erred: true, userMessage: 'generalFailure' });
    } finally {
      act.handler = original;
    }
    expect(await adminWs.call('act/rolesAvailable', {})).toEqual({
      roles: ['editor', 'member', 'orgAdmin', 'staff'],
    });
  });
});
