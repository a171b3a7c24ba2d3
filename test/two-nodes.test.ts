import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import { startChildServer, type ChildServer } from './helpers/child-server';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs } from './helpers/ws-client';

// A change committed through one node reaches the watchers connected to another node, through
// Postgres NOTIFY. On PostgreSQL the second node is a separate process; PGlite cannot be shared
// between processes, so there the two nodes are two app instances on one embedded database.

let tdb: TestDatabase;
let nodeA: TestServer;
let nodeB: { url: string; wsUrl: string; stop(): Promise<void> };
let child: ChildServer | null = null;
let editor: { id: string; email: string };
let member: { id: string; email: string };
let outsider: { id: string; email: string };
let org: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  nodeA = await startTestServer(tdb.database);
  const items = nodeA.app.services.items;
  org = await makeOrg(items, 'Riverbend First Nation');
  const other = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  editor = await makeUser(items, [[org, 'editor']]);
  member = await makeUser(items, [[org, 'member']]);
  outsider = await makeUser(items, [[other, 'editor']]);
  if (tdb.url) {
    child = await startChildServer({ DATABASE_URL: tdb.url });
    nodeB = { url: child.url, wsUrl: child.wsUrl, stop: () => child!.stop() };
  } else {
    const second = await startTestServer(tdb.database);
    nodeB = { url: second.url, wsUrl: second.wsUrl, stop: () => second.close() };
  }
}, 60_000);

afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.close();
  await tdb?.close();
});

describe(`two nodes on one database`, () => {
  it('pushes a change made on node A to a watcher on node B, and honours access there', async () => {
    const writer = await connectAs(nodeA, editor.email, PASSWORD);
    const watcher = await connectAs(nodeB, member.email, PASSWORD);
    const stranger = await connectAs(nodeB, outsider.email, PASSWORD);
    const item = await writer.client.call<{ $id: string }>('create/Thread', {
      subject: 'Shared across nodes',
      $access: 'COMMUNITY',
    });
    await watcher.client.call(`addWatch/${item.$id}`);
    await watcher.client.request('addWatch/Thread-0', {});
    await stranger.client.request('addWatch/Thread-0', {});
    await writer.client.call('update', { $id: item.$id, $version: 1, subject: 'Changed on node A' });
    const push = await watcher.client.waitForPush(
      (f) => f.o === 'itemUpdated' && (f.b as { subject?: string }).subject === 'Changed on node A',
      10_000,
    );
    expect(push.b).toMatchObject({ $id: item.$id, _u: 2 });
    await new Promise((r) => setTimeout(r, 300));
    expect(JSON.stringify(stranger.client.pushes)).not.toContain('Changed on node A');
    await Promise.all([writer.client.close(), watcher.client.close(), stranger.client.close()]);
  });

  it('pushes item/notify to the recipient on the other node, and to nobody else', async () => {
    const writer = await connectAs(nodeA, editor.email, PASSWORD);
    const recipient = await connectAs(nodeB, member.email, PASSWORD);
    const stranger = await connectAs(nodeB, outsider.email, PASSWORD);
    const item = await writer.client.call<{ $id: string }>('create/Thread', {
      subject: 'Assigned across nodes',
      $access: 'COMMUNITY',
      assignedTo: member.id,
    });
    const push = await recipient.client.waitForPush((f) => f.o === 'item/notify', 10_000);
    expect(push.b).toMatchObject({ _t: 'Notify', kind: 'assigned', context: item.$id, recipient: member.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(stranger.client.pushes.filter((f) => f.o === 'item/notify')).toEqual([]);
    expect(writer.client.pushes.filter((f) => f.o === 'item/notify')).toEqual([]);
    await Promise.all([writer.client.close(), recipient.client.close(), stranger.client.close()]);
  });

  it('pushes a change made on node B to a watcher on node A', async () => {
    const writer = await connectAs(nodeB, editor.email, PASSWORD);
    const watcher = await connectAs(nodeA, member.email, PASSWORD);
    const item = await writer.client.call<{ $id: string }>('create/Thread', {
      subject: 'From B',
      $access: 'COMMUNITY',
    });
    await watcher.client.call(`addWatch/${item.$id}`);
    await writer.client.call('update', { $id: item.$id, $version: 1, subject: 'From B, changed' });
    const push = await watcher.client.waitForPush((f) => f.o === 'itemUpdated', 10_000);
    expect(push.b).toMatchObject({ $id: item.$id, subject: 'From B, changed' });
    await Promise.all([writer.client.close(), watcher.client.close()]);
  });

  it('serves a fresh read on node A after node B changed an item A had cached', async () => {
    const a = await connectAs(nodeA, member.email, PASSWORD);
    const b = await connectAs(nodeB, editor.email, PASSWORD);
    const item = await b.client.call<{ $id: string }>('create/Thread', {
      subject: 'Cached on A',
      $access: 'COMMUNITY',
    });
    expect(await a.client.call(`read/${item.$id}`)).toMatchObject({ subject: 'Cached on A' });
    await b.client.call('update', { $id: item.$id, $version: 1, subject: 'Changed on B' });
    await expect
      .poll(async () => (await a.client.call<{ subject: string }>(`read/${item.$id}`)).subject, {
        timeout: 5_000,
      })
      .toBe('Changed on B');
    await Promise.all([a.client.close(), b.client.close()]);
  });

  it('signs a person out on node B at once when an admin on node A blocks them', async () => {
    const items = nodeA.app.services.items;
    const admin = await makeUser(items, [], { admin: true });
    const person = await makeUser(items, [[org, 'member']]);
    const onB = await connectAs(nodeB, person.email, PASSWORD);
    const a = await connectAs(nodeA, admin.email, PASSWORD);
    await a.client.call('act/blockUser', { user: person.id, blocked: true });
    await onB.client.waitForClose(10_000);
    expect([onB.client.closeCode, onB.client.closeReason]).toEqual([4401, 'identFailed']);
    await a.client.close();
  });

  it.skipIf(!process.env.DATABASE_URL)('keeps pushing after its LISTEN connection is killed', async () => {
    const a = await connectAs(nodeA, member.email, PASSWORD);
    const b = await connectAs(nodeB, editor.email, PASSWORD);
    const item = await b.client.call<{ $id: string }>('create/Thread', {
      subject: 'Before the cut',
      $access: 'COMMUNITY',
    });
    await a.client.call(`addWatch/${item.$id}`);
    // Kill the nodes' own LISTEN sessions (application_name ckk-listen; pg-boss keeps one of its
    // own for job wake-ups): both nodes must reconnect on their own.
    const db = nodeA.app.services.items.db;
    const listeners = () =>
      query<{ pid: number }>(
        db,
        sql`select pid from pg_stat_activity
          where datname = current_database() and application_name = 'ckk-listen' and query like 'LISTEN%'`,
      );
    const killed = (await listeners()).map((r) => r.pid);
    // One LISTEN session on each node carries all four channels: items, principals, site, tasks.
    expect(killed).toHaveLength(2);
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(
        killed.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
    await expect
      .poll(async () => (await listeners()).filter((r) => !killed.includes(r.pid)).length, {
        timeout: 15_000,
      })
      .toBe(2);
    await b.client.call('update', { $id: item.$id, $version: 1, subject: 'After the cut' });
    const push = await a.client.waitForPush(
      (f) => f.o === 'itemUpdated' && (f.b as { subject?: string }).subject === 'After the cut',
      10_000,
    );
    expect(push.b).toMatchObject({ $id: item.$id });
    await Promise.all([a.client.close(), b.client.close()]);
  });
});
