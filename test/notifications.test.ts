import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// Who is notified of what (docs/decisions.md "$notify"), through the real write path, and what
// the recipient may read of it (docs/access-model.md "Derived data follows its source").

let tdb: TestDatabase;
let server: TestServer;
let community: string;
let editor: { id: string; email: string };
let staff: { id: string; email: string };
let member: { id: string; email: string };
let bystander: { id: string; email: string };

interface Item {
  $id: string;
  $version: number;
  _i: number;
  [k: string]: unknown;
}
type Pairs = { notifyPairs: [number, string | null][] };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  editor = await makeUser(items, [[community, 'editor']]);
  staff = await makeUser(items, [[community, 'staff']]);
  member = await makeUser(items, [[community, 'member']]);
  bystander = await makeUser(items, [[community, 'staff']]);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

/** The error body of a request that must fail. */
async function refused(c: WsClient, o: string, b?: unknown) {
  return (await c.request(o, b)).b;
}

async function notificationsOf(c: WsClient, context?: string): Promise<Item[]> {
  await server.app.idle();
  const { notifyPairs } = await c.call<Pairs>('act/markNotifications', {});
  const wanted = notifyPairs.filter(([, ctx]) => !context || ctx === context).map(([n]) => n);
  const { items } = await c.call<{ items: Item[] }>('act/fetchNotifications', {
    query: { must: { id: wanted } },
  });
  return items;
}

describe('notifications', () => {
  it('notifies the assignee of a new thread and pushes item/notify; never the actor', async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const b = await connectAs(server, staff.email, PASSWORD);
    const thread = await a.client.call<Item>('create/Thread', {
      subject: 'Boundary survey at Stó:lō crossing',
      assignedTo: staff.id,
      $access: 'COMMUNITY',
    });
    const push = await b.client.waitForPush((f) => f.o === 'item/notify');
    expect(push.b).toMatchObject({
      _t: 'Notify',
      kind: 'assigned',
      context: thread.$id,
      unread: true,
      recipient: staff.id,
    });
    expect((push.b as Item).$labels).toMatchObject({ [thread.$id]: 'Boundary survey at Stó:lō crossing' });
    expect(await notificationsOf(b.client, thread.$id)).toHaveLength(1);
    expect(await notificationsOf(a.client, thread.$id)).toHaveLength(0);
    expect(a.client.pushes.filter((f) => f.o === 'item/notify')).toHaveLength(0);
    expect(thread.sortTS).toBeTypeOf('string');

    // A reply notifies the thread's creator (and not its author), and moves the thread's sortTS.
    await new Promise((r) => setTimeout(r, 5));
    const reply = await b.client.call<Item>('create/Message', {
      thread: thread.$id,
      body: 'On my way Tuesday.',
    });
    const forA = await a.client.waitForPush((f) => f.o === 'item/notify');
    expect(forA.b).toMatchObject({ kind: 'reply', context: thread.$id, eventContext: reply.$id });
    const after = await a.client.call<Item>(`read/${thread.$id}`);
    expect(after.$version).toBe(thread.$version);
    expect(String(after.sortTS) > String(thread.sortTS)).toBe(true);
    expect(await notificationsOf(b.client, thread.$id)).toHaveLength(1);
    await a.client.close();
    await b.client.close();
  });

  it('leaves out a recipient who cannot read the item, at creation and at every later read', async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const m = await connectAs(server, member.email, PASSWORD);
    // PROTECTED: a member may not read it, so assigning them notifies nobody.
    const hidden = await a.client.call<Item>('create/Thread', {
      subject: 'Sacred site report',
      assignedTo: member.id,
    });
    expect(await notificationsOf(m.client, hidden.$id)).toHaveLength(0);

    const open = await a.client.call<Item>('create/Thread', {
      subject: 'Open house',
      assignedTo: member.id,
      $access: 'COMMUNITY',
    });
    const [n] = await notificationsOf(m.client, open.$id);
    expect(n).toBeDefined();
    expect((await m.client.call<Item>(`read/${n!.$id}`)).kind).toBe('assigned');
    // The editor may not read someone else's notification, even of their own thread.
    expect(await refused(a.client, `read/${n!.$id}`)).toMatchObject({
      erred: true,
      userMessage: 'notFound',
    });
    expect(
      (
        await a.client.call<{ items: Item[] }>('act/fetchNotifications', {
          query: { must: { id: [n!.$id] } },
        })
      ).items,
    ).toEqual([]);

    await a.client.call('update', { $id: open.$id, $version: open.$version, $access: 'PROTECTED' });
    await server.app.idle();
    expect(await refused(m.client, `read/${n!.$id}`)).toMatchObject({
      erred: true,
      userMessage: 'notFound',
    });
    expect(
      (await m.client.call<Pairs>('act/markNotifications', {})).notifyPairs.map(([i]) => i),
    ).not.toContain(n!._i);
    await a.client.close();
    await m.client.close();
  });

  it('honours $notify: NIL silences a follower, ALWAYS follows every event', async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const s = await connectAs(server, staff.email, PASSWORD);
    const x = await connectAs(server, bystander.email, PASSWORD);
    let thread = await a.client.call<Item>('create/Thread', {
      subject: 'Water licence',
      assignedTo: staff.id,
    });
    expect(await s.client.call('act/setNotify', { $id: thread.$id, notify: 'NIL' })).toEqual({
      $id: thread.$id,
      notify: 'NIL',
    });
    await x.client.call('act/setNotify', { $id: thread.$id, notify: 'ALWAYS' });
    expect(await x.client.call('act/getNotify', { $id: thread.$id })).toEqual({
      $id: thread.$id,
      notify: 'ALWAYS',
    });
    expect(await refused(s.client, 'act/setNotify', { $id: thread.$id, notify: 'LOUD' })).toMatchObject({
      userMessage: 'invalidInput',
    });
    const before = (await notificationsOf(s.client, thread.$id)).length;
    thread = await a.client.call<Item>('update', {
      $id: thread.$id,
      $version: thread.$version,
      resolved: true,
    });
    expect(await notificationsOf(s.client, thread.$id)).toHaveLength(before);
    expect(await notificationsOf(x.client, thread.$id)).toMatchObject([{ kind: 'updated' }]);
    // Someone who cannot read the item cannot set a preference on it either.
    const m = await connectAs(server, member.email, PASSWORD);
    expect(await refused(m.client, 'act/setNotify', { $id: thread.$id, notify: 'ALWAYS' })).toMatchObject({
      userMessage: 'notAllowed',
    });
    for (const c of [a, s, x, m]) await c.client.close();
  });

  it('markNotifications marks read and unread and answers the unread pairs', async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const b = await connectAs(server, staff.email, PASSWORD);
    const t1 = await a.client.call<Item>('create/Thread', { subject: 'Trapline map', assignedTo: staff.id });
    const t2 = await a.client.call<Item>('create/Thread', {
      subject: 'Elders meeting',
      assignedTo: staff.id,
    });
    await server.app.idle();
    const { notifyPairs } = await b.client.call<Pairs>('act/markNotifications', {});
    const n1 = notifyPairs.find(([, c]) => c === t1.$id)![0];
    const n2 = notifyPairs.find(([, c]) => c === t2.$id)![0];
    // Newest first.
    expect(notifyPairs.findIndex(([n]) => n === n2)).toBeLessThan(notifyPairs.findIndex(([n]) => n === n1));
    const read = await b.client.call<Pairs>('act/markNotifications', { indexes: [n1] });
    expect(read.notifyPairs).not.toContainEqual([n1, t1.$id]);
    expect(read.notifyPairs).toContainEqual([n2, t2.$id]);
    expect((await b.client.call<Item>(`read/Notify-${n1}`)).unread).toBe(false);
    const again = await b.client.call<Pairs>('act/markNotifications', { indexes: [n1], asUnread: true });
    expect(again.notifyPairs).toContainEqual([n1, t1.$id]);
    // Someone else's index is ignored.
    await a.client.call('act/markNotifications', { indexes: [n1] });
    expect((await b.client.call<Item>(`read/Notify-${n1}`)).unread).toBe(true);
    const all = await b.client.call<Pairs>('act/markNotifications', { all: true });
    expect(all.notifyPairs).toEqual([]);
    await a.client.close();
    await b.client.close();
  });
});
