import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, signIn, WsClient } from './helpers/ws-client';
import { SYSTEM } from '../src/server/access/principal';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';

// A client that follows only spec §7 and docs/protocol.md: sign in, create, read, update
// (refused when stale), readMany, label, watch and receive pushes.

let tdb: TestDatabase;
let server: TestServer;
let org: string;
let editor: { id: string; email: string };
let member: { id: string; email: string };
let otherEditor: { id: string; email: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  org = await makeOrg(items, 'Riverbend First Nation');
  editor = await makeUser(items, [[org, 'editor']]);
  member = await makeUser(items, [[org, 'member']]);
  otherEditor = await makeUser(items, [[org, 'editor']]);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

describe('sign-in and session', () => {
  it('answers 200 with a token header, and 401 with a catalogue key for a wrong password', async () => {
    const token = await signIn(server.url, editor.email, PASSWORD);
    expect(token.length).toBeGreaterThan(30);
    const bad = await fetch(`${server.url}/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: editor.email, password: 'wrong-password' }),
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ erred: true, userMessage: 'signInFailed' });
  });

  it('replies to tokenAuth with authed and the user session', async () => {
    const { client, user } = await connectAs(server, editor.email, PASSWORD);
    expect(user).toMatchObject({ _t: 'User', $id: editor.id, admin: false, capabilities: { Core: true } });
    expect(user.memberships).toEqual([{ org, roles: ['editor'], kind: 'COMMUNITY' }]);
    const pong = await client.request('ping');
    expect(pong.o).toBe('pong');
    await client.close();
  });

  it('closes with identFailed for an unknown token', async () => {
    const client = await WsClient.connect(server.wsUrl);
    const reply = await client.request('tokenAuth', { token: 'not-a-token' }, { v: 'test' });
    expect(reply.b).toMatchObject({ erred: true, userMessage: 'identFailed' });
    await client.waitForClose();
    expect(client.closeReason).toBe('identFailed');
  });

  it('rotates the token with nextToken, and the old one stops working', async () => {
    const { client, token } = await connectAs(server, editor.email, PASSWORD);
    const next = await client.request('nextToken');
    expect(next.o).toBe('newToken');
    const fresh = (next.b as { token: string }).token;
    expect(fresh).not.toBe(token);
    const again = await WsClient.connect(server.wsUrl);
    expect((await again.request('tokenAuth', { token }, { v: 't' })).b).toMatchObject({
      userMessage: 'identFailed',
    });
    const ok = await WsClient.connect(server.wsUrl);
    expect((await ok.request('tokenAuth', { token: fresh }, { v: 't' })).o).toBe('authed');
    await Promise.all([client.close(), again.close(), ok.close()]);
  });

  it('signs out: the reply comes, then the socket closes with signedout and the token is dead', async () => {
    const { client, token } = await connectAs(server, member.email, PASSWORD);
    await client.call('signout');
    await client.waitForClose();
    expect(client.closeReason).toBe('signedout');
    const again = await WsClient.connect(server.wsUrl);
    expect((await again.request('tokenAuth', { token }, { v: 't' })).b).toMatchObject({
      userMessage: 'identFailed',
    });
    await again.close();
  });

  it('accepts the token from the cookie when tokenAuth carries none', async () => {
    const token = await signIn(server.url, member.email, PASSWORD);
    const client = await WsClient.connect(server.wsUrl, { cookie: `Access-Token=${token}` });
    expect((await client.request('tokenAuth', {}, { v: 't' })).o).toBe('authed');
    await client.close();
  });
});

describe('items over the socket', () => {
  it('creates, reads, updates, refuses a stale version, reads many and labels', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const created = await client.call<Record<string, unknown>>('create/Thread', {
      subject: 'Referral from the ministry',
      $access: 'COMMUNITY',
    });
    expect(created).toMatchObject({
      _t: 'Thread',
      subject: 'Referral from the ministry',
      $access: 'COMMUNITY',
      owner: org,
      $version: 1,
      _u: 1,
    });
    const id = created.$id as string;
    expect(id).toMatch(/^Thread-\d+$/);
    expect((created._c as { $id: string }).$id).toBe(editor.id);
    expect((created.$labels as Record<string, string>)[org]).toBe('Riverbend First Nation');

    const read = await client.call<Record<string, unknown>>(`read/${id}`);
    expect(read.subject).toBe('Referral from the ministry');

    const updated = await client.call<Record<string, unknown>>('update', {
      $id: id,
      $version: 1,
      subject: 'Referral: pipeline spur',
    });
    expect(updated).toMatchObject({ subject: 'Referral: pipeline spur', $version: 2, _u: 2 });

    const stale = await client.request('update', { $id: id, $version: 1, subject: 'lost edit' });
    expect(stale.b).toMatchObject({ erred: true, userMessage: 'staleVersion', currentVersion: 2 });
    expect((await client.call<Record<string, unknown>>(`read/${id}`)).subject).toBe(
      'Referral: pipeline spur',
    );

    const many = await client.call<Record<string, Record<string, unknown>>>('readMany/object', [
      id,
      'Thread-999999',
      'bad',
    ]);
    expect(many[id]!.subject).toBe('Referral: pipeline spur');
    expect(many['Thread-999999']).toMatchObject({ erred: true, userMessage: 'notFound' });
    expect(many.bad).toMatchObject({ erred: true, userMessage: 'invalidId' });

    expect(await client.call(`label/${id}`)).toEqual({ $id: id, label: 'Referral: pipeline spur' });
    await client.close();
  });

  it('refuses bad input with field errors naming the rule key', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const r = await client.request('create/Contact', {
      firstName: '',
      email: 'not-an-email',
      officePhone: '12',
      bogus: 1,
    });
    expect(r.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    const fields = (r.b as { fields: { path: string; key: string }[] }).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { path: 'bogus', key: 'errors.unknownField' },
        { path: 'email', key: 'errors.invalidEmail' },
        { path: 'officePhone', key: 'errors.invalidPhone' },
        { path: 'firstName', key: 'errors.required' },
        { path: 'lastName', key: 'errors.required' },
      ]),
    );
    await client.close();
  });

  it('answers bad ids with invalidId and forbidden reads with notAllowed', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const secret = await client.call<{ $id: string }>('create/Thread', {
      subject: 'Private planning',
      $access: 'PRIVATE',
    });
    for (const bad of ['read/nohyphen', 'read/A-1-2-3', 'read/Thread-x', 'label/-1']) {
      expect((await client.request(bad)).b).toMatchObject({ erred: true, userMessage: 'invalidId' });
    }
    const other = await connectAs(server, member.email, PASSWORD);
    expect((await other.client.request(`read/${secret.$id}`)).b).toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });
    expect((await other.client.request(`label/${secret.$id}`)).b).toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });
    await Promise.all([client.close(), other.client.close()]);
  });

  it('keeps the connection and the server up after malformed JSON and unknown operations', async () => {
    const client = await WsClient.connect(server.wsUrl);
    client.sendRaw('{not json');
    const err = await client.waitForPush((f) => f.o === 'error');
    expect(err.b).toMatchObject({ erred: true, userMessage: 'invalidJson' });
    expect((await client.request('frobnicate/x')).b).toMatchObject({
      erred: true,
      userMessage: 'unknownOperation',
    });
    expect((await client.request('act/noSuchAct')).b).toMatchObject({
      erred: true,
      userMessage: 'unknownOperation',
    });
    client.sendRaw(JSON.stringify({ o: 42, s: '7' }));
    const bad = await client.waitForPush((f) => f.o === 'error' && f.s === '7');
    expect(bad.b).toMatchObject({ userMessage: 'invalidInput' });
    expect((await client.request('ping')).o).toBe('pong');
    await client.close();
  });

  it('closes with 1009 when a message is over 1 MiB', async () => {
    const client = await WsClient.connect(server.wsUrl);
    client.sendRaw(JSON.stringify({ o: 'ping', b: 'x'.repeat(1_048_577) }));
    await client.waitForClose();
    expect(client.closeCode).toBe(1009);
    const after = await WsClient.connect(server.wsUrl);
    expect((await after.request('ping')).o).toBe('pong');
    await after.close();
  });

  it('serves the same messages over POST /api/item with a Bearer token', async () => {
    const token = await signIn(server.url, editor.email, PASSWORD);
    const post = (body: unknown, auth = true) =>
      fetch(`${server.url}/api/item`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({
        status: r.status,
        json: (await r.json()) as { o: string; s?: string; data: Record<string, unknown> },
      }));
    // Over the socket limit: this is what the fallback is for.
    const criteria = {
      filters: Array.from({ length: 30_000 }, (_, i) => ({
        prop: 'title',
        kind: 'text',
        value: `word ${i}`,
      })),
    };
    expect(JSON.stringify(criteria).length).toBeGreaterThan(1_048_576);
    const created = await post({ o: 'create/SavedSearch', s: '1', b: { name: 'Large view', criteria } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      o: 'create/SavedSearch',
      s: '1',
      data: { _t: 'SavedSearch', name: 'Large view' },
    });
    const anon = await post({ o: `read/${created.json.data.$id as string}` }, false);
    expect(anon.json.data).toMatchObject({ erred: true, userMessage: 'notFound' });
  });
});

describe('watches and pushes', () => {
  it('pushes itemUpdated to a watcher, and the current item at once for an older _u', async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const b = await connectAs(server, member.email, PASSWORD);
    const item = await a.client.call<{ $id: string }>('create/Thread', {
      subject: 'Watched',
      $access: 'COMMUNITY',
    });
    await b.client.call(`addWatch/${item.$id}/1`);
    await a.client.call('update', { $id: item.$id, $version: 1, subject: 'Watched, changed' });
    const push = await b.client.waitForPush(
      (f) => f.o === 'itemUpdated' && (f.b as { $id: string }).$id === item.$id,
    );
    expect(push.b).toMatchObject({ subject: 'Watched, changed', _u: 2 });

    const late = await connectAs(server, member.email, PASSWORD);
    await late.client.call(`addWatch/${item.$id}/1`);
    const caughtUp = await late.client.waitForPush((f) => f.o === 'itemUpdated');
    expect(caughtUp.b).toMatchObject({ _u: 2 });
    await Promise.all([a.client.close(), b.client.close(), late.client.close()]);
  });

  it("names each change's writer in _m.$id, so a record tells its own change from another's", async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const b = await connectAs(server, otherEditor.email, PASSWORD);
    const item = await a.client.call<{ $id: string; _m: { $id?: string } }>('create/Thread', {
      subject: 'Who changed it',
    });
    expect(item._m.$id).toBe(editor.id);
    await a.client.call(`addWatch/${item.$id}/1`);
    await b.client.call('update', { $id: item.$id, $version: 1, subject: 'Changed by the other editor' });
    const push = await a.client.waitForPush(
      (f) => f.o === 'itemUpdated' && (f.b as { $id: string }).$id === item.$id,
    );
    expect(push.b).toMatchObject({ _u: 2, _m: { $id: otherEditor.id }, _c: { $id: editor.id } });
    await a.client.call('update', { $id: item.$id, $version: 2, subject: 'Changed back' });
    expect((await b.client.call<{ _m: { $id?: string } }>(`read/${item.$id}`))._m.$id).toBe(editor.id);
    // The system's own write (no actor) names nobody.
    await server.app.services.items.update(
      SYSTEM,
      { $id: item.$id, $version: 3, subject: 'By the system' },
      { actor: null },
    );
    expect((await a.client.call<{ _m: { $id?: string } }>(`read/${item.$id}`))._m.$id).toBeUndefined();
    await Promise.all([a.client.close(), b.client.close()]);
  });

  it('pushes item/action delete, and type watches get matching new items only', async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const b = await connectAs(server, member.email, PASSWORD);
    await b.client.request('addWatch/Thread-0', { purpose: ['CONSULT_ACK'] });
    const other = await a.client.call<{ $id: string }>('create/Thread', {
      subject: 'Not matching',
      $access: 'COMMUNITY',
    });
    const match = await a.client.call<{ $id: string }>('create/Thread', {
      subject: 'Acknowledge',
      purpose: 'CONSULT_ACK',
      $access: 'COMMUNITY',
    });
    const pushed = await b.client.waitForPush((f) => f.o === 'itemUpdated');
    expect((pushed.b as { $id: string }).$id).toBe(match.$id);
    await b.client.call(`addWatch/${other.$id}`);
    await a.client.call('act/delete', { _t: 'Thread', _i: Number(other.$id.split('-')[1]) });
    const del = await b.client.waitForPush((f) => f.o === 'item/action');
    expect(del.b).toEqual({ opAction: 'delete', itemID: other.$id });
    expect((await b.client.request(`read/${other.$id}`)).b).toMatchObject({ userMessage: 'notFound' });
    // removeWatch/{Type}-0/{n} removes the first type watch: no more pushes for new items.
    await b.client.call('removeWatch/Thread-0/1');
    const before = b.client.pushes.length;
    await a.client.call('create/Thread', {
      subject: 'Acknowledge again',
      purpose: 'CONSULT_ACK',
      $access: 'COMMUNITY',
    });
    await server.app.idle();
    await new Promise((r) => setTimeout(r, 100));
    expect(b.client.pushes.slice(before).filter((f) => f.o === 'itemUpdated')).toHaveLength(0);
    await Promise.all([a.client.close(), b.client.close()]);
  });

  it('stops pushing to a watcher who may no longer read the item', async () => {
    const a = await connectAs(server, editor.email, PASSWORD);
    const b = await connectAs(server, member.email, PASSWORD);
    const item = await a.client.call<{ $id: string }>('create/Thread', {
      subject: 'Soon private',
      $access: 'COMMUNITY',
    });
    await b.client.call(`addWatch/${item.$id}`);
    await a.client.call('update', {
      $id: item.$id,
      $version: 1,
      $access: 'PRIVATE',
      subject: 'Now private: sacred site notes',
    });
    await server.app.idle();
    await new Promise((r) => setTimeout(r, 100));
    expect(JSON.stringify(b.client.pushes)).not.toContain('sacred site');
    await Promise.all([a.client.close(), b.client.close()]);
  });
});
