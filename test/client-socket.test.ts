import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { reconnectDelayMs } from '../src/client/state/auth-state';
import { itemKey, readMany } from '../src/client/state/items';
import { clearCacheOnPersonChange } from '../src/client/state/per-person-cache';
import { SocketClient, type SessionSnapshot } from '../src/client/state/socket-client';
import type { TokenStore } from '../src/client/state/token-store';
import { SYSTEM } from '../src/server/access/principal';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs } from './helpers/ws-client';

// The browser's connection layer, run in Node against a real server: the auth state machine
// and connection health of spec core §4, queueing, the HTTP fallback and reconnects.

let tdb: TestDatabase;
let server: TestServer;
let org: string;
let editor: { id: string; email: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, { tokenTtlMs: 60 * 60_000 });
  org = await makeOrg(server.app.services.items, 'Riverbend First Nation');
  editor = await makeUser(server.app.services.items, [[org, 'editor']]);
});

// Every client this file starts, stopped before the server: a client left running retries
// its connection after the server is gone.
const started: SocketClient[] = [];

afterAll(async () => {
  for (const c of started) c.clearSession();
  await server?.close();
  await tdb?.close();
});

function memoryTokens(initial: string | null = null): TokenStore & { token: string | null } {
  let user: string | null = null;
  return {
    token: initial,
    read() {
      return { token: this.token, fromCookie: false };
    },
    write(token, userId) {
      this.token = token;
      if (userId) user = userId;
    },
    setUser(userId) {
      user = userId;
    },
    user: () => user,
    clear() {
      this.token = null;
      user = null;
    },
  };
}

function makeClient(tokens = memoryTokens()) {
  let reloads = 0;
  const client = new SocketClient({
    wsUrl: server.wsUrl,
    httpBase: server.url,
    version: server.app.services.config.version,
    maxMsgSize: 1_048_576,
    replyTimeoutMs: 10_000,
    httpTimeoutMs: 10_000,
    tokens,
    reload: () => reloads++,
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
  });
  started.push(client);
  return { client, tokens, reloads: () => reloads };
}

function until(
  client: SocketClient,
  pred: (s: SessionSnapshot) => boolean,
  ms = 10_000,
): Promise<SessionSnapshot> {
  return new Promise((resolve, reject) => {
    if (pred(client.getSnapshot())) return resolve(client.getSnapshot());
    const timer = setTimeout(() => {
      off();
      reject(new Error(`state not reached; now ${JSON.stringify(client.getSnapshot())}`));
    }, ms);
    const off = client.subscribe(() => {
      if (pred(client.getSnapshot())) {
        clearTimeout(timer);
        off();
        resolve(client.getSnapshot());
      }
    });
  });
}

describe('the auth state machine', () => {
  it('starts resolved in NONE without a token, and reads PUBLIC items over HTTP', async () => {
    const { client } = makeClient();
    client.start();
    expect(client.getSnapshot()).toMatchObject({ authState: 'NONE', resolved: true, user: null });
    const res = await client.request<{ ids: string[] }>('search/ids', { must: { _t: ['Organization'] } });
    expect(res.ids).toContain(org);
  });

  it('signs in: TOKEN_SIGN_IN, then USER_VALID with the user; requests made before auth wait in the queue', async () => {
    const { client, tokens } = makeClient();
    client.start();
    const states: string[] = [];
    client.subscribe(() => states.push(client.getSnapshot().authState));
    await client.signIn(editor.email, PASSWORD);
    const early = client.request<{ $id: string }>('create/Thread', {
      subject: 'Queued before auth',
      $access: 'COMMUNITY',
    });
    const snap = await until(client, (s) => s.authState === 'USER_VALID');
    expect(snap.user?.$id).toBe(editor.id);
    expect(states[0]).toBe('TOKEN_SIGN_IN');
    expect((await early).$id).toMatch(/^Thread-/);
    expect(tokens.token).toBeTruthy();
    await client.signOut();
    expect(client.getSnapshot()).toMatchObject({ authState: 'SIGNOUT', user: null });
    expect(tokens.token).toBeNull();
  });

  it("takes the session the server pushes again when the user's organisations change", async () => {
    const other = await makeOrg(server.app.services.items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
    const { client } = makeClient();
    client.start();
    await client.signIn(editor.email, PASSWORD);
    await until(client, (s) => s.authState === 'USER_VALID');
    const admin = await makeUser(server.app.services.items, [], { admin: true });
    const a = await connectAs(server, admin.email, PASSWORD);
    await a.client.call('act/setMembership', { userId: editor.id, org: other, roles: ['member'] });
    const snap = await until(client, (s) => (s.user?.memberships ?? []).some((m) => m.org === other));
    expect(snap).toMatchObject({ authState: 'USER_VALID', user: { $id: editor.id } });
    await a.client.call('act/setMembership', { userId: editor.id, org: other, roles: [] });
    await until(client, (s) => !(s.user?.memberships ?? []).some((m) => m.org === other));
    await a.client.close();
    await client.signOut();
  });

  it('serves the next person on the tab nothing the last one read (the cache follows the reader)', async () => {
    const items = server.app.services.items;
    const note = await items.create(SYSTEM, 'Thread', {
      subject: 'Elders’ planning of the river crossing',
      owner: org,
      $access: 'PROTECTED',
    });
    const outsider = await makeUser(items, []);
    const { client } = makeClient();
    const qc = new QueryClient();
    const stop = clearCacheOnPersonChange(client, qc);
    client.start();
    await client.signIn(editor.email, PASSWORD);
    await until(client, (s) => s.authState === 'USER_VALID');
    expect(Object.keys(await readMany(client, qc, [note.$id]))).toEqual([note.$id]);
    expect(qc.getQueryData(itemKey(note.$id))).toBeDefined();
    // Signed out, and another person signs in on the same tab (no page load between).
    await client.signOut();
    expect(qc.getQueryData(itemKey(note.$id))).toBeUndefined();
    await client.signIn(outsider.email, PASSWORD);
    await until(client, (s) => s.authState === 'USER_VALID' && s.user?.$id === outsider.id);
    expect(await readMany(client, qc, [note.$id])).toEqual({});
    // Rights taken away from the same person drop what they read under them.
    await client.signOut();
    await client.signIn(editor.email, PASSWORD);
    await until(client, (s) => s.authState === 'USER_VALID' && s.user?.$id === editor.id);
    await readMany(client, qc, [note.$id]);
    const admin = await makeUser(items, [], { admin: true });
    const a = await connectAs(server, admin.email, PASSWORD);
    await a.client.call('act/setMembership', { userId: editor.id, org, roles: [] });
    await until(client, (s) => !(s.user?.memberships ?? []).some((m) => m.org === org));
    expect(qc.getQueryData(itemKey(note.$id))).toBeUndefined();
    expect(await readMany(client, qc, [note.$id])).toEqual({});
    await a.client.call('act/setMembership', { userId: editor.id, org, roles: ['editor'] });
    await a.client.close();
    stop();
    await client.signOut();
  });

  it('maps an unknown token to IDENT_FAILED and clears it', async () => {
    const { client, tokens } = makeClient(memoryTokens('no-such-token'));
    client.start();
    expect(client.getSnapshot().authState).toBe('TOKEN_LOCAL');
    await until(client, (s) => s.authState === 'IDENT_FAILED');
    expect(tokens.token).toBeNull();
  });

  it('reloads the page when the server version differs', async () => {
    const tokens = memoryTokens();
    let reloads = 0;
    const client = new SocketClient({
      wsUrl: server.wsUrl,
      httpBase: server.url,
      version: '0.0.0-old',
      maxMsgSize: 1_048_576,
      replyTimeoutMs: 10_000,
      httpTimeoutMs: 10_000,
      tokens,
      reload: () => reloads++,
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    });
    await client.signIn(editor.email, PASSWORD);
    await expect.poll(() => reloads, { timeout: 5_000 }).toBe(1);
  });
});

describe('connection loss and recovery', () => {
  it('goes to CONNECTION_LOST with a countdown, reconnects, re-adds watches and catches up', async () => {
    const { client } = makeClient();
    client.start();
    await client.signIn(editor.email, PASSWORD);
    await until(client, (s) => s.authState === 'USER_VALID');
    const item = await client.request<{ $id: string; _u: number }>('create/Thread', {
      subject: 'Live',
      $access: 'COMMUNITY',
    });
    const pushes: { subject?: string }[] = [];
    client.on('itemUpdated', (b) => pushes.push(b as { subject?: string }));
    await client.watch(item.$id, item._u);
    let reconnected = false;
    client.onEvent((e) => {
      if (e.kind === 'reconnected') reconnected = true;
    });

    for (const s of server.app.services.hub.sessions) s.socket.terminate();
    const lost = await until(client, (s) => s.authState === 'CONNECTION_LOST');
    expect(lost.retryAt).toBeGreaterThan(Date.now() + 2_000);
    // While the socket is down, a request still gets through on the HTTP fallback.
    const other = await connectAs(server, editor.email, PASSWORD);
    await other.client.call('update', { $id: item.$id, $version: 1, subject: 'Changed while away' });
    expect((await client.request<{ subject: string }>(`read/${item.$id}`)).subject).toBe(
      'Changed while away',
    );

    client.retryNow();
    await until(client, (s) => s.authState === 'USER_VALID' && s.retryAt === null);
    expect(reconnected).toBe(true);
    // The watch came back with the old _u, so the missed change is pushed at once.
    await expect.poll(() => pushes.map((p) => p.subject), { timeout: 5_000 }).toContain('Changed while away');
    await other.client.call('update', { $id: item.$id, $version: 2, subject: 'After reconnect' });
    await expect.poll(() => pushes.map((p) => p.subject), { timeout: 5_000 }).toContain('After reconnect');
    await other.client.close();
    await client.signOut();
  });

  it('waits 3 s + min(2^failures, 600) s + up to 10 s between attempts', () => {
    expect(reconnectDelayMs(1, () => 0)).toBe(5_000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(3_000 + 8_000 + 5_000);
    expect(reconnectDelayMs(20, () => 0.999)).toBe(3_000 + 600_000 + 9_990);
  });
});

describe('watches shared by parts of the page', () => {
  const sessionOf = (userId: string) =>
    [...server.app.services.hub.sessions].find((s) => s.userId === userId)!;

  it('keeps an item watch while another cell still watches it', async () => {
    const { client } = makeClient();
    client.start();
    await client.signIn(editor.email, PASSWORD);
    await until(client, (s) => s.authState === 'USER_VALID');
    const item = await client.request<{ $id: string; _u: number }>('create/Thread', {
      subject: 'Two cells',
      $access: 'COMMUNITY',
    });
    const pushes: { subject?: string }[] = [];
    client.on('itemUpdated', (b) => pushes.push(b as { subject?: string }));
    // Two cells open the same item; one closes.
    await client.watch(item.$id, item._u);
    await client.watch(item.$id, item._u);
    client.unwatch(item.$id);
    // A request after the unwatch on the same socket: the server has handled the unwatch by then.
    await client.request(`read/${item.$id}`);
    // This client's session (the only one of this user's open now).
    const mine = sessionOf(editor.id);
    expect(mine.watches.has(item.$id)).toBe(true);
    const other = await connectAs(server, editor.email, PASSWORD);
    await other.client.call('update', { $id: item.$id, $version: 1, subject: 'Still watched' });
    await expect.poll(() => pushes.map((p) => p.subject), { timeout: 5_000 }).toContain('Still watched');
    // The last one closes: the server's watch goes.
    client.unwatch(item.$id);
    await client.request(`read/${item.$id}`);
    expect(mine.watches.has(item.$id)).toBe(false);
    await other.client.close();
    await client.signOut();
  });

  it('shares one type watch among handles with the same type and filter', async () => {
    const { client } = makeClient();
    client.start();
    await client.signIn(editor.email, PASSWORD);
    await until(client, (s) => s.authState === 'USER_VALID');
    const count = () => sessionOf(editor.id).typeWatches.get('Thread')?.length ?? 0;
    const a = client.watchType('Thread', { subject: ['x'] });
    const b = client.watchType('Thread', { subject: ['x'] });
    const c = client.watchType('Thread', { subject: ['y'] });
    await client.request('search/ids', { must: { _t: ['Thread'] }, max: 1 });
    expect(count()).toBe(2);
    client.unwatchType(a);
    await client.request('search/ids', { must: { _t: ['Thread'] }, max: 1 });
    expect(count()).toBe(2);
    client.unwatchType(b);
    client.unwatchType(c);
    await client.request('search/ids', { must: { _t: ['Thread'] }, max: 1 });
    expect(count()).toBe(0);
    await client.signOut();
  });
});
