import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { linkToken, MailSink } from './helpers/mail-sink';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, WsClient } from './helpers/ws-client';

// Invitations, $userState and blocked accounts in pickers, over real sockets, with the mails
// caught by a real SMTP server on loopback.

const BASE = 'http://ckk.test';

let tdb: TestDatabase;
let server: TestServer;
let sink: MailSink;
let community: string;
let proponent: string;
let admin: { id: string; email: string };
let orgAdmin: { id: string; email: string };
let staff: { id: string; email: string };
let outsiderAdmin: { id: string; email: string };
let n = 0;

beforeAll(async () => {
  sink = await MailSink.start();
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, {
    smtpUrl: sink.url,
    publicUrl: BASE,
    signInPerAddress: 10_000,
  });
  const items = server.app.services.items;
  community = await makeOrg(items, 'Riverbend First Nation');
  proponent = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  admin = await makeUser(items, [], { admin: true });
  orgAdmin = await makeUser(items, [[community, 'orgAdmin']]);
  staff = await makeUser(items, [[community, 'staff']]);
  outsiderAdmin = await makeUser(items, [[proponent, 'orgAdmin']]);
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
  await tdb?.close();
});

const num = (id: string) => Number(id.split('-')[1]);

async function contact(org: string, extra: Record<string, unknown> = {}) {
  const email = `person${++n}.${Math.random().toString(36).slice(2, 6)}@riverbend.example`;
  const c = await server.app.services.items.create(SYSTEM, 'Contact', {
    firstName: 'Dana',
    lastName: `Whitecloud ${n}`,
    email,
    _related: [org],
    owner: org,
    ...extra,
  });
  return { id: c.$id, email };
}

async function setPass(token: string, password: string) {
  const res = await fetch(`${server.url}/api/set-pass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  return {
    status: res.status,
    token: res.headers.get('token'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

describe('invite', () => {
  it('an orgAdmin invites a contact; a resend revokes the first link; the link sets a password and signs in', async () => {
    const c = await contact(community);
    const { client } = await connectAs(server, orgAdmin.email, PASSWORD);
    const first = await client.call<{ sent: boolean; resent: boolean; userId: string }>('act/invite', {
      _t: 'Contact',
      _i: num(c.id),
    });
    expect(first).toMatchObject({ sent: true, resent: false });
    const mail1 = await sink.next(c.email, 0);
    expect(mail1.headers.subject).toBe('You are invited to Community Knowledge Keeper');
    const token1 = linkToken(mail1, BASE, '/set-pass');
    expect(token1).toBeTruthy();

    const read = await client.call<{ user: string; $userState: string }>(`read/${c.id}`);
    expect(read).toMatchObject({ user: first.userId, $userState: 'INVITED' });

    const second = await client.call<{ resent: boolean; userId: string }>('act/invite', {
      _t: 'Contact',
      _i: num(c.id),
    });
    expect(second).toMatchObject({ resent: true, userId: first.userId });
    const mail2 = await sink.next(c.email, 1);
    const token2 = linkToken(mail2, BASE, '/set-pass')!;
    expect(token2).not.toBe(token1);
    expect((await setPass(token1!, 'a-long-new-password')).status).toBe(400);

    const done = await setPass(token2, 'a-long-new-password');
    expect(done.status).toBe(200);
    expect(done.token).toBeTruthy();
    const ws = await WsClient.connect(server.wsUrl);
    const authed = await ws.request('tokenAuth', { token: done.token }, { v: 'test' });
    expect(authed.o).toBe('authed');
    // The invitee joined the organisation the inviter manages, as member.
    expect(authed.b).toMatchObject({
      $id: first.userId,
      memberships: [{ org: community, roles: ['member'] }],
    });
    await ws.close();
    expect((await client.call<{ $userState: string }>(`read/${c.id}`)).$userState).toBe('WEEK');
    await client.close();
  });

  it('only admins and orgAdmins of the contact organisations may invite; an e-mail is needed; resends are limited', async () => {
    const c = await contact(community);
    const code = async (email: string, body: unknown) => {
      const { client } = await connectAs(server, email, PASSWORD);
      const f = await client.request('act/invite', body);
      await client.close();
      return (f.b as { userMessage?: string }).userMessage ?? 'ok';
    };
    const ref = { _t: 'Contact', _i: num(c.id) };
    expect(await code(staff.email, ref)).toBe('notAllowed');
    expect(await code(outsiderAdmin.email, ref)).toBe('notFound');
    expect(await code(admin.email, ref)).toBe('ok');
    expect(await code(orgAdmin.email, ref)).toBe('ok');
    expect(await code(orgAdmin.email, ref)).toBe('ok');
    expect(await code(orgAdmin.email, ref)).toBe('tooManyAttempts');
    const noMail = await server.app.services.items.create(SYSTEM, 'Contact', {
      firstName: 'No',
      lastName: 'Mail',
      _related: [community],
      owner: community,
    });
    expect(await code(orgAdmin.email, { _t: 'Contact', _i: num(noMail.$id) })).toBe('invalidInput');
  });
});

describe('membership by consent (issue 36, finding 7)', () => {
  const code = (f: { b: unknown }) => (f.b as { userMessage?: string }).userMessage ?? 'ok';
  const memberOf = async (userId: string, org: string) =>
    (
      await query(
        server.app.services.items.db,
        sql`select roles from memberships where user_id = ${userId} and org_id = ${org}`,
      )
    ).length > 0;

  it('an orgAdmin enrols nobody who has not accepted; changes the roles of members; a site admin sets any', async () => {
    const stranger = await makeUser(server.app.services.items, [[proponent, 'staff']]);
    const { client } = await connectAs(server, orgAdmin.email, PASSWORD);
    const refused = await client.request('act/setMembership', {
      userId: stranger.id,
      org: community,
      roles: ['member'],
    });
    expect(code(refused)).toBe('notInvited');
    expect(await memberOf(stranger.id, community)).toBe(false);
    // Nor did the attempt open the stranger's User (e-mail, memberships elsewhere) to them.
    expect((await client.request(`read/${stranger.id}`)).b).toMatchObject({ erred: true });

    // A member already: a role change and a removal are the orgAdmin's to make.
    const colleague = await makeUser(server.app.services.items, [[community, 'member']]);
    const raised = await client.request('act/setMembership', {
      userId: colleague.id,
      org: community,
      roles: ['staff'],
    });
    expect(code(raised)).toBe('ok');
    expect(
      code(await client.request('act/setMembership', { userId: colleague.id, org: community, roles: [] })),
    ).toBe('ok');
    // Once removed, they are a stranger again.
    expect(
      code(
        await client.request('act/setMembership', {
          userId: colleague.id,
          org: community,
          roles: ['member'],
        }),
      ),
    ).toBe('notInvited');
    await client.close();

    const site = await connectAs(server, admin.email, PASSWORD);
    expect(
      code(
        await site.client.request('act/setMembership', {
          userId: stranger.id,
          org: community,
          roles: ['member'],
        }),
      ),
    ).toBe('ok');
    await site.client.close();
  });

  it("invite to an existing account's e-mail asks: no membership until the person opens the link", async () => {
    const existing = await makeUser(server.app.services.items, [[proponent, 'staff']]);
    const c = await contact(community, { email: existing.email });
    const { client } = await connectAs(server, orgAdmin.email, PASSWORD);
    const sent = await client.call<{ userId: string }>('act/invite', { _t: 'Contact', _i: num(c.id) });
    expect(sent.userId).toBe(existing.id);
    expect(await memberOf(existing.id, community)).toBe(false);
    // Linked, not yet consented: an invitation is out, and nothing of the account's use shows.
    expect((await client.call<{ $userState: string }>(`read/${c.id}`)).$userState).toBe('INVITED');
    expect((await client.request(`read/${existing.id}`)).b).toMatchObject({ erred: true });
    const listed = await client.call<{ members: { userId: string }[] }>('act/orgMembers', { org: community });
    expect(listed.members.map((m) => m.userId)).not.toContain(existing.id);
    expect(
      code(
        await client.request('act/setMembership', { userId: existing.id, org: community, roles: ['staff'] }),
      ),
    ).toBe('notInvited');

    // The link goes to the account's own address; accepting it is the consent, and changes
    // nothing else (the password stays, the open session too).
    const mail = await sink.next(existing.email, 0);
    expect(mail.headers.subject).toBe(
      'You are invited to join Riverbend First Nation on Community Knowledge Keeper',
    );
    expect(linkToken(mail, BASE, '/set-pass')).toBeFalsy();
    const token = linkToken(mail, BASE, '/accept-invite')!;
    const own = await connectAs(server, existing.email, PASSWORD);
    const accept = (t: string) =>
      fetch(`${server.url}/api/accept-invite`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: t }),
      });
    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ ok: true, joined: [community] });
    expect((await accept(token)).status).toBe(400);
    await own.client.waitForPush(
      (f) =>
        f.o === 'authed' &&
        ((f.b as { memberships?: { org: string }[] }).memberships ?? []).some((m) => m.org === community),
    );
    await own.client.close();
    await (await connectAs(server, existing.email, PASSWORD)).client.close();
    expect(await memberOf(existing.id, community)).toBe(true);
    expect(await memberOf(existing.id, proponent)).toBe(true);
    expect((await client.call<{ $userState: string }>(`read/${c.id}`)).$userState).toBe('WEEK');
    expect(
      code(
        await client.request('act/setMembership', { userId: existing.id, org: community, roles: ['staff'] }),
      ),
    ).toBe('ok');
    await client.close();
  });
});

describe('links made while masquerading (issue 36, finding 9)', () => {
  it('an invitation is not made while masquerading: the admin invites as themselves', async () => {
    const c = await contact(community);
    const site = await makeUser(server.app.services.items, [], { admin: true });
    const { client } = await connectAs(server, site.email, PASSWORD);
    const started = await client.call<{ newToken: string }>('act/masquerade', { targetUserID: orgAdmin.id });
    await client.close();
    const as = await WsClient.connect(server.wsUrl);
    expect((await as.request('tokenAuth', { token: started.newToken }, { v: 'test' })).o).toBe('authed');
    expect((await as.request('act/invite', { _t: 'Contact', _i: num(c.id) })).b).toMatchObject({
      erred: true,
      userMessage: 'notWhileMasquerading',
    });
    await as.close();
    const [row] = await query<{ n: number }>(
      server.app.services.items.db,
      sql`select count(*)::int as n from events where item_id = ${c.id} and kind = 'invited'`,
    );
    expect(row?.n).toBe(0);
  });
});

describe('$userState', () => {
  it('is computed from the account: NONE, NEVER, INVITED, WEEK … NORECENT, BLOCKED', async () => {
    const items = server.app.services.items;
    const db = items.db;
    const none = await contact(community);
    // Members of the organisation the orgAdmin manages: their account's use is its business.
    const never = await makeUser(items, [[community, 'member']]);
    const neverC = await contact(community, { user: never.id });
    const seen = async (days: number | null, blocked = false) => {
      const u = await makeUser(items, [[community, 'member']]);
      if (days !== null)
        await db.execute(
          sql`update credentials set last_seen = now() - make_interval(days => ${days}) where user_id = ${u.id}`,
        );
      if (blocked) await db.execute(sql`update credentials set blocked = true where user_id = ${u.id}`);
      return (await contact(community, { user: u.id })).id;
    };
    const cases: [string, string][] = [
      [none.id, 'NONE'],
      [neverC.id, 'NEVER'],
      [await seen(1), 'WEEK'],
      [await seen(20), 'DAYS_30'],
      [await seen(45), 'DAYS_60'],
      [await seen(80), 'DAYS_90'],
      [await seen(200), 'NORECENT'],
      [await seen(1, true), 'BLOCKED'],
      // Someone else's account linked to the card: how it is used is not this organisation's to
      // read, and it reads as no account at all.
      [(await contact(community, { user: (await makeUser(items, [[proponent, 'staff']])).id })).id, 'NONE'],
    ];
    const { client } = await connectAs(server, orgAdmin.email, PASSWORD);
    const many = await client.call<Record<string, { $userState?: string }>>(
      'readMany',
      cases.map(([id]) => id),
    );
    for (const [id, state] of cases) expect([id, many[id]?.$userState]).toEqual([id, state]);
    await client.close();
  });

  it('is shown to admins and orgAdmins of the contact organisation only', async () => {
    const c = await contact(community);
    const stateFor = async (email: string) => {
      const { client } = await connectAs(server, email, PASSWORD);
      const f = await client.request(`read/${c.id}`);
      await client.close();
      const b = f.b as { erred?: boolean; $userState?: string };
      return b.erred ? 'unreadable' : (b.$userState ?? 'hidden');
    };
    expect(await stateFor(admin.email)).toBe('NONE');
    expect(await stateFor(orgAdmin.email)).toBe('NONE');
    expect(await stateFor(staff.email)).toBe('hidden');
    expect(await stateFor(outsiderAdmin.email)).toBe('unreadable');
  });

  it('cannot be written', async () => {
    const c = await contact(community);
    const { client } = await connectAs(server, orgAdmin.email, PASSWORD);
    const item = await client.call<{ $version: number }>(`read/${c.id}`);
    const updated = await client.call<{ $userState: string }>('update', {
      $id: c.id,
      $version: item.$version,
      $userState: 'WEEK',
      middleName: 'R.',
    });
    expect(updated.$userState).toBe('NONE');
    await client.close();
  });
});

describe('blocked accounts', () => {
  it('cannot sign in', async () => {
    const u = await makeUser(server.app.services.items, [[community, 'member']]);
    await server.app.services.items.db.execute(
      sql`update credentials set blocked = true where user_id = ${u.id}`,
    );
    const res = await fetch(`${server.url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(res.status).not.toBe(200);
    expect(res.headers.get('token')).toBeNull();
  });

  it('are left out of picker searches (excludeBlocked), Users and their Contacts alike', async () => {
    const items = server.app.services.items;
    const active = await makeUser(items, [[community, 'member']]);
    const blocked = await makeUser(items, [[community, 'member']]);
    await items.update(SYSTEM, { $id: active.id, $version: 1, name: 'Zephyrine Active' });
    await items.update(SYSTEM, { $id: blocked.id, $version: 1, name: 'Zephyrine Blocked' });
    await items.db.execute(sql`update credentials set blocked = true where user_id = ${blocked.id}`);
    const activeC = await contact(community, { firstName: 'Zephyrine', user: active.id });
    const blockedC = await contact(community, { firstName: 'Zephyrine', user: blocked.id });
    const { client } = await connectAs(server, admin.email, PASSWORD);
    const query = { must: { _t: ['User', 'Contact'], $text: ['zephyrine'] }, labels: true };
    const all = await client.call<{ ids: string[] }>('search/ids', query);
    expect(all.ids).toEqual(expect.arrayContaining([active.id, blocked.id, activeC.id, blockedC.id]));
    const picker = await client.call<{ ids: string[] }>('search/ids', { ...query, excludeBlocked: true });
    expect(picker.ids.sort()).toEqual([active.id, activeC.id].sort());
    await client.close();
  });

  it('act/blockUser: only a site admin blocks; the person is signed out at once and cannot come back until unblocked', async () => {
    const items = server.app.services.items;
    const person = await makeUser(items, [[community, 'staff']]);
    const card = await contact(community, { user: person.id });
    const session = await connectAs(server, person.email, PASSWORD);

    // Neither the organisation's admin nor its staff may block anyone; nothing changes.
    for (const who of [orgAdmin, staff]) {
      const { client } = await connectAs(server, who.email, PASSWORD);
      const r = await client.request('act/blockUser', { user: person.id, blocked: true });
      expect(r.b).toMatchObject({ erred: true, userMessage: 'notAllowed' });
      await client.close();
    }
    expect(session.client.closeCode).toBeNull();

    const { client } = await connectAs(server, admin.email, PASSWORD);
    const self = await client.request('act/blockUser', { user: admin.id, blocked: true });
    expect(self.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect(await client.call('act/blockUser', { user: person.id, blocked: true })).toEqual({
      user: person.id,
      blocked: true,
    });
    // The open socket is closed for authentication, and its token is dead.
    await session.client.waitForClose();
    expect(session.client.closeCode).toBe(4401);
    expect(session.client.closeReason).toBe('identFailed');
    const again = await WsClient.connect(server.wsUrl);
    const auth = await again.request('tokenAuth', { token: session.token }, { v: 'test' });
    expect(auth.o).not.toBe('authed');
    await again.close();
    const signIn = await fetch(`${server.url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: PASSWORD }),
    });
    expect(signIn.status).not.toBe(200);
    expect((await client.call<{ $userState: string }>(`read/${card.id}`)).$userState).toBe('BLOCKED');
    const [event] = await items.db
      .execute(sql`select kind, actor from events where item_id = ${person.id} and kind = 'blocked'`)
      .then((r) => (r as unknown as { rows: { kind: string; actor: string }[] }).rows);
    expect(event).toEqual({ kind: 'blocked', actor: admin.id });

    // Unblocked, the person signs in again (with a new session: the old token stays revoked).
    await client.call('act/blockUser', { user: person.id, blocked: false });
    const back = await connectAs(server, person.email, PASSWORD);
    expect(back.user.$id).toBe(person.id);
    expect((await client.call<{ $userState: string }>(`read/${card.id}`)).$userState).not.toBe('BLOCKED');
    await back.client.close();
    await client.close();
  });
});

describe('orgMembers', () => {
  it('lists members with roles for the orgAdmin and admins, nobody else', async () => {
    const call = async (email: string) => {
      const { client } = await connectAs(server, email, PASSWORD);
      const f = await client.request('act/orgMembers', { org: community });
      await client.close();
      return f.b as {
        erred?: boolean;
        userMessage?: string;
        members?: { userId: string; roles: string[] }[];
      };
    };
    const mine = await call(orgAdmin.email);
    expect(mine.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: orgAdmin.id, roles: ['orgAdmin'] }),
        expect.objectContaining({ userId: staff.id, roles: ['staff'] }),
      ]),
    );
    expect((await call(admin.email)).members?.length).toBe(mine.members?.length);
    expect(await call(staff.email)).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    expect(await call(outsiderAdmin.email)).toMatchObject({ erred: true, userMessage: 'notAllowed' });
  });
});
