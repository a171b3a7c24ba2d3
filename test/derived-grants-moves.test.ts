import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { grantAccess } from '../src/server/items/grants';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// Issue 36, findings 1 and 8: a derived item (a Message in its Thread) is read by whoever reads
// its source, never by more. A grant on the derived item would open the source's level and
// protocols; a move under another parent would hand it to that parent's readers.

let tdb: TestDatabase;
let server: TestServer;
const c: Record<string, WsClient> = {};
let eldersThread: string;
let sharedThread: string;
let message: string;
let proponentOrg: string;
const SECRET = 'quartzvein-crossing';

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation');
  proponentOrg = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const orgAdmin = await makeUser(items, [[riverbend, 'orgAdmin']]);
  const staff = await makeUser(items, [[riverbend, 'staff']]);
  const proponent = await makeUser(items, [[proponentOrg, 'editor']]);
  const adminP = (await loadPrincipal(items.db, orgAdmin.id, null))!;
  eldersThread = (
    await items.create(adminP, 'Thread', {
      subject: 'Elders only',
      $access: 'PRIVATE',
      participants: [staff.id],
    })
  ).$id;
  // The staff member may change the thread (an update grant), as in the report.
  await grantAccess(items, adminP, eldersThread, staff.id, ['read', 'update']);
  message = (
    await items.create((await loadPrincipal(items.db, staff.id, null))!, 'Message', {
      thread: eldersThread,
      body: `Where the ${SECRET} is`,
    })
  ).$id;
  sharedThread = (
    await items.create(adminP, 'Thread', { subject: 'With the proponent', $access: 'PROTECTED' })
  ).$id;
  await grantAccess(items, adminP, sharedThread, proponentOrg, ['read', 'update']);
  for (const [k, u] of Object.entries({ orgAdmin, staff, proponent }))
    c[k] = (await connectAs(server, u.email, PASSWORD)).client;
});

afterAll(async () => {
  for (const x of Object.values(c)) await x.close();
  await server?.close();
  await tdb?.close();
});

const idParts = (id: string) => ({ _t: id.split('-')[0], _i: Number(id.split('-')[1]) });

async function proponentSees(): Promise<boolean> {
  const read = await c.proponent!.request(`read/${message}`);
  const search = (await c.proponent!.call('search/ids', { must: { _t: ['Message'], $text: [SECRET] } })) as {
    ids: string[];
    total: number;
  };
  const many = (await c.proponent!.call('readMany/object', [message])) as Record<string, { erred?: boolean }>;
  const seen = !(read.b as { erred?: boolean }).erred;
  expect(search.ids.includes(message)).toBe(seen);
  expect(many[message]?.erred !== true).toBe(seen);
  return seen;
}

describe('a grant on a derived item', () => {
  it('is refused: the staff member who may change the thread cannot share one of its messages', async () => {
    const r = await c.staff!.request('act/setGrant', {
      ...idParts(message),
      principal: proponentOrg,
      actions: ['read'],
    });
    expect(r.b).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    expect(await proponentSees()).toBe(false);
  });

  it('is refused to the orgAdmin too, and the share is not offered: the source is shared instead', async () => {
    const r = await c.orgAdmin!.request('act/setGrant', {
      ...idParts(message),
      principal: proponentOrg,
      actions: ['read'],
    });
    expect(r.b).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    expect(r.b).toMatchObject({ sysMessage: expect.stringContaining(eldersThread) });
    const allowed = await c.orgAdmin!.call<{ applyGrants: boolean; allowed: Record<string, boolean> }>(
      'act/isAllowed',
      { ...idParts(message), actions: ['grant', 'read'] },
    );
    expect(allowed).toMatchObject({ applyGrants: false, allowed: { grant: false, read: true } });
  });

  it('stored before this rule (or by a module) opens nothing: read, search and readMany all refuse', async () => {
    await server.app.services.items.db.execute(
      sql`insert into grants (item_id, principal, actions, granted_by) values (${message}, ${proponentOrg}, ${'{read}'}::text[], 'legacy')`,
    );
    server.app.services.items.cache.clear();
    expect(await proponentSees()).toBe(false);
  });

  it('a module writing one is told to grant on the source', async () => {
    const { setGrantIn } = await import('../src/server/items/grants');
    const items = server.app.services.items;
    await expect(
      items.transaction((tx) =>
        setGrantIn(tx, items, message, proponentOrg, ['read'], { grantedBy: 'test', actor: null }),
      ),
    ).rejects.toThrow(/grant on the source/);
  });
});

describe('moving a derived item under another parent', () => {
  it('is refused: the message stays in the Elders-only thread', async () => {
    const current = await c.staff!.call<{ $version: number }>(`read/${message}`);
    const r = await c.staff!.request('update', {
      $id: message,
      $version: current.$version,
      thread: sharedThread,
    });
    expect(r.b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
      fields: [{ path: 'thread', key: 'errors.readOnly' }],
    });
    expect((await server.app.services.items.readRow(message))?.data.thread).toBe(eldersThread);
    expect(await proponentSees()).toBe(false);
  });

  it('by the orgAdmin too; an edit that keeps the thread still saves', async () => {
    const current = await c.orgAdmin!.call<{ $version: number }>(`read/${message}`);
    const r = await c.orgAdmin!.request('update', {
      $id: message,
      $version: current.$version,
      thread: sharedThread,
    });
    expect(r.b).toMatchObject({ erred: true, fields: [{ path: 'thread', key: 'errors.readOnly' }] });
    const ok = await c.orgAdmin!.call<{ body: string }>('update', {
      $id: message,
      $version: current.$version,
      thread: eldersThread,
      body: `Where the ${SECRET} is, told again`,
    });
    expect(ok.body).toContain('told again');
    expect(await proponentSees()).toBe(false);
  });
});
