import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { appendEvent } from '../src/server/items/rows';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, WsClient } from './helpers/ws-client';

// act/timeline: an item's events, newest first, for those who may read the item, with actor
// labels only where the reader may read the actor's User.

let tdb: TestDatabase;
let server: TestServer;
let org: string;
let editor: { id: string; email: string };
let member: { id: string; email: string };
let outsider: { id: string; email: string };
let admin: { id: string; email: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  org = await makeOrg(items, 'Riverbend First Nation');
  const other = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  editor = await makeUser(items, [[org, 'editor']]);
  member = await makeUser(items, [[org, 'member']]);
  outsider = await makeUser(items, [[other, 'editor']]);
  admin = await makeUser(items, [], { admin: true });
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

interface Timeline {
  events: {
    id: number;
    kind: string;
    actor: string | null;
    at: string;
    data: Record<string, unknown> | null;
  }[];
  $labels: Record<string, string>;
}

const ref = (id: string) => ({ _t: id.split('-')[0], _i: Number(id.split('-')[1]) });

async function timelineOf(email: string, id: string) {
  const { client } = await connectAs(server, email, PASSWORD);
  const reply = await client.request('act/timeline', ref(id));
  await client.close();
  return reply;
}

/** A COMMUNITY thread made by the editor, renamed twice; a second thread alongside it. */
async function threadWithHistory() {
  const { client } = await connectAs(server, editor.email, PASSWORD);
  const t = await client.call<{ $id: string }>('create/Thread', {
    subject: 'Referral',
    $access: 'COMMUNITY',
  });
  const other = await client.call<{ $id: string }>('create/Thread', {
    subject: 'Unrelated',
    $access: 'COMMUNITY',
  });
  await client.call('update', { $id: t.$id, $version: 1, subject: 'Referral: pipeline spur' });
  await client.call('update', { $id: other.$id, $version: 1, subject: 'Still unrelated' });
  await client.call('update', { $id: t.$id, $version: 2, subject: 'Referral: pipeline spur (phase 2)' });
  await client.close();
  return { id: t.$id, other: other.$id };
}

describe('act/timeline', () => {
  it('lists the item’s own events newest first for a reader', async () => {
    const { id } = await threadWithHistory();
    const reply = await timelineOf(member.email, id);
    expect(reply.o).toBe('act/timeline');
    const tl = reply.b as Timeline;
    expect(tl.events.map((e) => e.kind)).toEqual(['updated', 'updated', 'created']);
    const ids = tl.events.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    for (const e of tl.events) {
      expect(e.actor).toBe(editor.id);
      expect(new Date(e.at).toISOString()).toBe(e.at);
    }
    expect(tl.events[0]!.data).toEqual({
      changes: { subject: { from: 'Referral: pipeline spur', to: 'Referral: pipeline spur (phase 2)' } },
    });
    // No event of the other thread, although it changed in between.
    expect(JSON.stringify(tl.events)).not.toContain('unrelated');
  });

  it('labels the actor only for readers who may read the actor’s User', async () => {
    const { id } = await threadWithHistory();
    // An admin with no membership edits too: that admin's User is readable by no member.
    const { client: adminClient } = await connectAs(server, admin.email, PASSWORD);
    await adminClient.call('update', { $id: id, $version: 3, subject: 'Referral (checked)' });
    await adminClient.close();

    const forMember = (await timelineOf(member.email, id)).b as Timeline;
    expect(forMember.events.map((e) => e.actor)).toEqual([admin.id, editor.id, editor.id, editor.id]);
    expect(forMember.$labels[admin.id]).toBeUndefined();
    // Whether the member sees the editor's name is the policy's answer for reading that User.
    const { client } = await connectAs(server, member.email, PASSWORD);
    const canReadEditor = !((await client.request(`read/${editor.id}`)).b as { erred?: boolean }).erred;
    await client.close();
    expect(editor.id in forMember.$labels).toBe(canReadEditor);

    // The editor reads their own User but not the admin's; an admin reads every User.
    const forEditor = (await timelineOf(editor.email, id)).b as Timeline;
    expect(forEditor.$labels).toEqual({ [editor.id]: expect.stringMatching(/^Test User \d+$/) });
    const forAdmin = (await timelineOf(admin.email, id)).b as Timeline;
    expect(forAdmin.$labels).toEqual({
      [editor.id]: forEditor.$labels[editor.id],
      [admin.id]: expect.stringMatching(/^Test User \d+$/),
    });
  });

  it('refuses a caller who may not read the item, and a signed-out visitor', async () => {
    const { id } = await threadWithHistory();
    expect((await timelineOf(outsider.email, id)).b).toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });
    const anon = await WsClient.connect(server.wsUrl);
    expect((await anon.request('act/timeline', ref(id))).b).toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });
    await anon.close();
    expect((await timelineOf(member.email, 'Thread-99999')).b).toMatchObject({ userMessage: 'notFound' });
    expect((await timelineOf(member.email, 'Thread-0')).b).toMatchObject({ userMessage: 'invalidId' });
  });

  it('returns at most the 200 newest events', async () => {
    const item = await server.app.services.items.create(SYSTEM, 'Thread', {
      subject: 'Busy thread',
      $access: 'COMMUNITY',
      owner: org,
    });
    for (let i = 1; i <= 205; i++)
      await appendEvent(tdb.database.db, { itemId: item.$id, kind: 'noted', actor: null, data: { i } });
    const tl = (await timelineOf(member.email, item.$id)).b as Timeline;
    expect(tl.events).toHaveLength(200);
    expect(tl.events[0]!.data).toEqual({ i: 205 });
    expect(tl.events[199]!.data).toEqual({ i: 6 });
    expect(tl.events[0]!.actor).toBeNull();
  });
});
