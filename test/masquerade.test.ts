import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, WsClient } from './helpers/ws-client';

// act/masquerade over a real socket: who may start it, what the new token can do, what the
// audit trail records, and how it ends.

let tdb: TestDatabase;
let server: TestServer;
let community: string;
let proponent: string;
let admin: { id: string; email: string };
let member: { id: string; email: string };
let outsider: { id: string; email: string };
let blockedUser: { id: string; email: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, { signInPerAddress: 10_000 });
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  proponent = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  admin = await makeUser(items, [], { admin: true });
  member = await makeUser(items, [[community, 'member']]);
  outsider = await makeUser(items, [[proponent, 'editor']]);
  blockedUser = await makeUser(items, [[community, 'member']]);
  await items.db.execute(sql`update credentials set blocked = true where user_id = ${blockedUser.id}`);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

async function authWith(token: string) {
  const client = await WsClient.connect(server.wsUrl);
  const authed = await client.request('tokenAuth', { token }, { v: 'test' });
  return { client, authed };
}

async function events(itemId: string) {
  return query<{ kind: string; actor: string | null; real_actor: string | null }>(
    server.app.services.items.db,
    sql`select kind, actor, real_actor from events where item_id = ${itemId} order by id`,
  );
}

describe('masquerade', () => {
  it('an admin acts as a member: reads with the member rights, writes audited with the real actor, then stops', async () => {
    const items = server.app.services.items;
    const secret = await items.create(SYSTEM, 'Agreement', {
      title: 'Proponent internal terms',
      owner: proponent,
      $access: 'PROTECTED',
    });
    const { client, token: adminToken } = await connectAs(server, admin.email, PASSWORD);
    expect((await client.call<{ title: string }>(`read/${secret.$id}`)).title).toBe(
      'Proponent internal terms',
    );

    const started = await client.call<{ newToken: string; expiresAt: string }>('act/masquerade', {
      targetUserID: member.id,
    });
    expect(started.newToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await client.close();
    // The admin's own token was replaced: it no longer opens a session.
    expect((await authWith(adminToken)).authed.o).not.toBe('authed');

    const { client: asMember, authed } = await authWith(started.newToken);
    expect(authed.o).toBe('authed');
    expect(authed.b).toMatchObject({ $id: member.id, admin: false, masquerading: true });
    // The admin acting as the member is not the member being seen ($userState).
    const [seen] = await query<{ last_seen: unknown }>(
      items.db,
      sql`select last_seen from credentials where user_id = ${member.id}`,
    );
    expect(seen?.last_seen).toBeNull();
    // Reads are the target's: the proponent's PROTECTED item stays closed.
    expect((await asMember.request(`read/${secret.$id}`)).b).toMatchObject({
      erred: true,
      userMessage: 'notFound',
    });
    // Writes are the target's, and the audit names the admin as the real actor.
    const thread = await asMember.call<{ $id: string }>('create/Thread', {
      subject: 'Site visit',
      owner: community,
    });
    expect(await events(thread.$id)).toEqual([{ kind: 'created', actor: member.id, real_actor: admin.id }]);
    // So is a task started as the member: it runs as them, with the admin on record.
    const task = await asMember.call<{ $id: string }>('act/exportCsv/async', {
      query: { must: { _t: ['Thread'] } },
    });
    expect(await events(task.$id)).toContainEqual({
      kind: 'created',
      actor: member.id,
      real_actor: admin.id,
    });

    const stopped = await asMember.call<{ newToken: string }>('act/masquerade', { stop: true });
    await asMember.close();
    expect((await authWith(started.newToken)).authed.o).not.toBe('authed');
    const { client: back, authed: backAuthed } = await authWith(stopped.newToken);
    expect(backAuthed.b).toMatchObject({ $id: admin.id, admin: true, masquerading: false });
    expect((await back.call<{ title: string }>(`read/${secret.$id}`)).title).toBe('Proponent internal terms');
    await back.close();

    expect(await events(member.id)).toEqual(
      expect.arrayContaining([
        { kind: 'masqueradeStarted', actor: admin.id, real_actor: admin.id },
        { kind: 'masqueradeStopped', actor: admin.id, real_actor: admin.id },
      ]),
    );
  });

  it('refuses non-admins, blocked targets, unknown targets and stopping when not masquerading', async () => {
    const { client } = await connectAs(server, outsider.email, PASSWORD);
    expect((await client.request('act/masquerade', { targetUserID: member.id })).b).toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });
    await client.close();
    const { client: a } = await connectAs(server, admin.email, PASSWORD);
    expect((await a.request('act/masquerade', { targetUserID: blockedUser.id })).b).toMatchObject({
      userMessage: 'notAllowed',
    });
    expect((await a.request('act/masquerade', { targetUserID: 'User-99999' })).b).toMatchObject({
      userMessage: 'notFound',
    });
    expect((await a.request('act/masquerade', { stop: true })).b).toMatchObject({
      userMessage: 'invalidInput',
    });
    expect((await a.request('act/masquerade', { targetUserID: 'Contact-1' })).b).toMatchObject({
      userMessage: 'invalidInput',
    });
    await a.close();
  });

  it('a masquerade token never outlives the admin token it replaces', async () => {
    const { client, token } = await connectAs(server, admin.email, PASSWORD);
    const db = server.app.services.items.db;
    // Shorten the admin's token to one hour, then reconnect so the socket knows it.
    await db.execute(sql`update tokens set expires_at = now() + interval '1 hour'
      where user_id = ${admin.id} and kind = 'session' and revoked_at is null`);
    await client.close();
    const { client: again } = await authWith(token);
    const started = await again.call<{ expiresAt: string }>('act/masquerade', { targetUserID: member.id });
    const left = new Date(started.expiresAt).getTime() - Date.now();
    expect(left).toBeLessThanOrEqual(3_600_000);
    expect(left).toBeGreaterThan(3_500_000);
    await again.close();
  });

  it('a masquerade ends when the admin behind it is blocked', async () => {
    const other = await makeUser(server.app.services.items, [], { admin: true });
    const { client } = await connectAs(server, other.email, PASSWORD);
    const started = await client.call<{ newToken: string }>('act/masquerade', { targetUserID: member.id });
    await client.close();
    await server.app.services.items.db.execute(
      sql`update credentials set blocked = true where user_id = ${other.id}`,
    );
    expect((await authWith(started.newToken)).authed.o).not.toBe('authed');
  });
});

describe('open sockets follow their principal (issue 36, finding 10)', () => {
  const db = () => server.app.services.items.db;

  async function masqueradingSocket(realAdmin: { email: string }, target: { id: string }) {
    const { client } = await connectAs(server, realAdmin.email, PASSWORD);
    const started = await client.call<{ newToken: string }>('act/masquerade', { targetUserID: target.id });
    await client.close();
    const { client: as, authed } = await authWith(started.newToken);
    expect(authed.o).toBe('authed');
    return as;
  }

  async function setAdminFlag(by: { email: string }, userId: string, flag: boolean) {
    const { client } = await connectAs(server, by.email, PASSWORD);
    const row = await client.call<{ $version: number }>(`read/${userId}`);
    await client.call('update', { $id: userId, $version: row.$version, admin: flag });
    await client.close();
  }

  it('closes an open masquerade socket at once when its admin is blocked', async () => {
    const masquerader = await makeUser(server.app.services.items, [], { admin: true });
    const as = await masqueradingSocket(masquerader, member);
    const { client: site } = await connectAs(server, admin.email, PASSWORD);
    await site.call('act/blockUser', { user: masquerader.id, blocked: true });
    await site.close();
    await as.waitForClose(5_000);
    expect([as.closeCode, as.closeReason]).toEqual([4401, 'identFailed']);
  });

  it('closes an open masquerade socket at once when its admin loses the admin flag', async () => {
    const masquerader = await makeUser(server.app.services.items, [], { admin: true });
    const as = await masqueradingSocket(masquerader, member);
    await setAdminFlag(admin, masquerader.id, false);
    await as.waitForClose(5_000);
    expect([as.closeCode, as.closeReason]).toEqual([4401, 'identFailed']);
  });

  it("takes a demoted admin's rights from their open socket at once", async () => {
    const demoted = await makeUser(server.app.services.items, [], { admin: true });
    const { client } = await connectAs(server, demoted.email, PASSWORD);
    expect((await client.request('act/adminState', {})).b).not.toMatchObject({ erred: true });
    const seen = client.pushes.length;
    await setAdminFlag(admin, demoted.id, false);
    await client.waitForPush(
      (f) =>
        client.pushes.indexOf(f) >= seen && f.o === 'authed' && (f.b as { admin?: boolean }).admin === false,
    );
    expect((await client.request('act/adminState', {})).b).toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });
    // Nor may they masquerade with the socket they still hold.
    expect((await client.request('act/masquerade', { targetUserID: member.id })).b).toMatchObject({
      userMessage: 'notAllowed',
    });
    await client.close();
  });

  it('nextToken authenticates again: no new token for a session whose masquerading admin was blocked', async () => {
    const masquerader = await makeUser(server.app.services.items, [], { admin: true });
    const as = await masqueradingSocket(masquerader, member);
    // Blocked behind the sockets' back (no notification reaches them): only nextToken's own check can tell.
    await db().execute(sql`update credentials set blocked = true where user_id = ${masquerader.id}`);
    const f = await as.request('nextToken');
    expect(f.b).toMatchObject({ erred: true, userMessage: 'identFailed' });
    await as.waitForClose(5_000);
    expect(as.closeCode).toBe(4401);
  });

  it('nextToken never carries a masquerade past the token it started with', async () => {
    const masquerader = await makeUser(server.app.services.items, [], { admin: true });
    const as = await masqueradingSocket(masquerader, member);
    const [t] = await query<{ expires_at: string }>(
      db(),
      sql`select expires_at from tokens where user_id = ${member.id} and masquerade_from = ${masquerader.id}
        and revoked_at is null`,
    );
    const fresh = await as.call<{ expiresAt: string }>('nextToken');
    expect(new Date(fresh.expiresAt).getTime()).toBeLessThanOrEqual(new Date(t!.expires_at).getTime());
    await as.close();
  });
});
