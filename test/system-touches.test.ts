import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendImmediate } from '../src/modules/core/server/notify/mail';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { MailSink } from './helpers/mail-sink';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs } from './helpers/ws-client';

// Writes that used to be raw SQL on `items` (a `u = u + 1` with no event, the mail claim's
// jsonb_set) go through the item service: each records its event and moves `_u` (so watchers
// and every node's cache see it) without changing `$version`.

let tdb: TestDatabase;
let server: TestServer;
let sink: MailSink;
let community: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  sink = await MailSink.start();
  server = await startTestServer(tdb.database, { smtpUrl: sink.url, notifyMailIntervalMs: 3_600_000 });
  community = await makeOrg(server.app.services.items, 'Riverbend First Nation');
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
  await tdb?.close();
});

const events = (id: string) =>
  query<{ kind: string; actor: string | null; data: unknown }>(
    tdb.database.db,
    sql`select kind, actor, data from events where item_id = ${id} order by id`,
  );
const row = (id: string) =>
  query<{ u: number; version: number }>(
    tdb.database.db,
    sql`select u, version from items where id = ${id}`,
  ).then((r) => r[0]!);

describe('system touches through the item service', () => {
  it('a membership and a block are events on the user’s item; _u moves, $version stays', async () => {
    const items = server.app.services.items;
    const admin = await makeUser(items, [], { admin: true });
    const person = await makeUser(items, [[community, 'member']]);
    expect(await events(person.id)).toEqual([
      { kind: 'created', actor: null, data: null },
      { kind: 'membershipChanged', actor: null, data: { org: community, roles: ['member'] } },
    ]);
    const before = await row(person.id);
    const { client } = await connectAs(server, admin.email, PASSWORD);
    await client.call('act/setMembership', { userId: person.id, org: community, roles: ['staff', 'member'] });
    await client.call('act/blockUser', { user: person.id, blocked: true });
    await client.call('act/blockUser', { user: person.id, blocked: false });
    expect((await events(person.id)).slice(2)).toEqual([
      { kind: 'membershipChanged', actor: admin.id, data: { org: community, roles: ['member', 'staff'] } },
      { kind: 'blocked', actor: admin.id, data: null },
      { kind: 'unblocked', actor: admin.id, data: null },
    ]);
    const after = await row(person.id);
    expect(after.u).toBe(before.u + 3);
    expect(after.version).toBe(before.version);
    // The history shows them to whoever may read the user's item.
    const tl = await client.call<{ events: { kind: string }[] }>('act/timeline', {
      _t: 'User',
      _i: Number(person.id.split('-')[1]),
    });
    expect(tl.events.map((e) => e.kind)).toEqual([
      'unblocked',
      'blocked',
      'membershipChanged',
      'membershipChanged',
      'created',
    ]);
    await client.close();
  });

  it('claiming a notification for mail is a “mailed” event; the recipient’s $version stays', async () => {
    const items = server.app.services.items;
    const recipient = await makeUser(items, [[community, 'staff']]);
    await items.create(SYSTEM, 'Contact', {
      firstName: 'Pat',
      lastName: 'Claim',
      email: recipient.email,
      user: recipient.id,
      owner: community,
      notify: 'IMMEDIATE',
    });
    const thread = await items.create(SYSTEM, 'Thread', { subject: 'Culvert', owner: community });
    const notify = await items.create(
      SYSTEM,
      'Notify',
      { kind: 'created', recipient: recipient.id, context: thread.$id, unread: true },
      { owner: null, access: 'PRIVATE' },
    );
    expect(await sendImmediate(server.app.services)).toBeGreaterThanOrEqual(1);
    expect(sink.mails.some((m) => m.to.includes(recipient.email))).toBe(true);
    expect((await events(notify.$id)).map((e) => e.kind)).toEqual(['created', 'mailed']);
    const read = await items.read(SYSTEM, notify.$id);
    expect(read.mailedAt).toEqual(expect.any(String));
    expect(read.$version).toBe(notify.$version);
    // Claimed once: a second run mails nothing more for it and records nothing more.
    await sendImmediate(server.app.services);
    expect((await events(notify.$id)).map((e) => e.kind)).toEqual(['created', 'mailed']);
  });
});
