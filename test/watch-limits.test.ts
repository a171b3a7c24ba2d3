import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNED_IN_WATCH_LIMITS,
  SIGNED_OUT_WATCH_LIMITS,
  WATCH_FILTER_MAX_BYTES,
  WATCH_FILTER_MAX_KEYS,
  WATCH_FILTER_MAX_VALUES,
} from '../src/protocol/watch-limits';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, WsClient, type Frame } from './helpers/ws-client';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';

// Finding 2 of the hardening review: one socket could hold any number of watches with filters
// of any size, and memory did not come back after it closed. Each socket now has limits
// (src/protocol/watch-limits.ts, docs/protocol.md "Watches"), and closing it leaves no trace.

let tdb: TestDatabase;
let server: TestServer;
let member: { id: string; email: string };
/** PUBLIC Threads, readable by everyone: enough to go one over the signed-in item limit. */
const ids: string[] = [];

const ITEMS = SIGNED_IN_WATCH_LIMITS.items + 1;
/** Numbers far above the type's sequence, so bulk-made rows never meet created ones. */
const FIRST = 500_000;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const org = await makeOrg(items, 'Riverbend First Nation');
  member = await makeUser(items, [[org, 'member']]);
  // One statement instead of 2001 creates: the watches only need readable rows.
  await tdb.database.db.execute(sql`
    insert into items (id, type, num, data, owner, access, search_text)
    select 'Thread-' || s, 'Thread', s, jsonb_build_object('subject', 'Public ' || s), ${org}, 'PUBLIC', 'Public ' || s
    from generate_series(${FIRST}::int, ${FIRST + ITEMS - 1}::int) s`);
  for (let i = 0; i < ITEMS; i++) ids.push(`Thread-${FIRST + i}`);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

const hub = () => server.app.services.hub;
const errorKey = (f: Frame) => (f.b as { userMessage?: string }).userMessage;

/** Sends every request at once, in chunks, and returns the replies in order. */
async function all(client: WsClient, ops: string[], body?: unknown): Promise<Frame[]> {
  const out: Frame[] = [];
  for (let i = 0; i < ops.length; i += 250)
    out.push(...(await Promise.all(ops.slice(i, i + 250).map((o) => client.request(o, body)))));
  return out;
}

async function watchItems(client: WsClient, list: string[]) {
  const replies = await all(
    client,
    list.map((id) => `addWatch/${id}`),
  );
  for (const r of replies) expect(r.b, r.o).toMatchObject({ watching: expect.any(String) });
}

/** A filter of about `bytes` bytes of JSON, within the per-filter key and value limits. */
function filterOf(bytes: number) {
  return { subject: ['x'.repeat(bytes - 16)] };
}

describe('item watches', () => {
  it('refuses a signed-out socket its item watch over the limit, not twice for one item, and removeWatch frees a slot', async () => {
    const anon = await WsClient.connect(server.wsUrl);
    const limit = SIGNED_OUT_WATCH_LIMITS.items;
    await watchItems(anon, ids.slice(0, limit));
    const over = await anon.request(`addWatch/${ids[limit]!}`);
    expect(over.b).toMatchObject({ erred: true, userMessage: 'queryTooBroad' });
    // Watching an item again (as the client does after a reconnect, with its last _u) is no new watch.
    expect((await anon.request(`addWatch/${ids[0]!}/1`)).b).toMatchObject({ watching: ids[0] });
    expect((await anon.request(`addWatch/${ids[1]!}`)).b).toMatchObject({ watching: ids[1] });
    await anon.call(`removeWatch/${ids[0]!}`);
    expect((await anon.request(`addWatch/${ids[limit]!}`)).b).toMatchObject({ watching: ids[limit] });
    expect(errorKey(await anon.request(`addWatch/${ids[limit + 1]!}`))).toBe('queryTooBroad');

    // The limit is per socket: another signed-out socket starts from zero.
    const other = await WsClient.connect(server.wsUrl);
    expect((await other.request(`addWatch/${ids[limit + 1]!}`)).b).toMatchObject({
      watching: ids[limit + 1],
    });
    await Promise.all([anon.close(), other.close()]);
  }, 60_000);

  it('allows a signed-in socket far more item watches than a signed-out one, up to its own limit', async () => {
    expect(SIGNED_IN_WATCH_LIMITS.items).toBeGreaterThan(SIGNED_OUT_WATCH_LIMITS.items);
    const { client } = await connectAs(server, member.email, PASSWORD);
    const limit = SIGNED_IN_WATCH_LIMITS.items;
    await watchItems(client, ids.slice(0, limit));
    expect(errorKey(await client.request(`addWatch/${ids[limit]!}`))).toBe('queryTooBroad');
    await client.close();
  }, 60_000);

  it('counts calls that race each other on one socket: never more than the limit', async () => {
    const anon = await WsClient.connect(server.wsUrl);
    const limit = SIGNED_OUT_WATCH_LIMITS.items;
    const replies = await Promise.all(ids.slice(0, limit + 50).map((id) => anon.request(`addWatch/${id}`)));
    expect(replies.filter((r) => errorKey(r) === undefined)).toHaveLength(limit);
    expect(replies.filter((r) => errorKey(r) === 'queryTooBroad')).toHaveLength(50);
    await anon.close();
  }, 60_000);
});

describe('type watches', () => {
  it('refuses type watches over the limit, lower signed out, and removeWatch frees a slot', async () => {
    const anon = await WsClient.connect(server.wsUrl);
    const out = SIGNED_OUT_WATCH_LIMITS.types;
    const accepted = await all(
      anon,
      Array.from({ length: out }, () => 'addWatch/Thread-0'),
      {},
    );
    expect(accepted.map((r) => (r.b as { n: number }).n)).toEqual(
      Array.from({ length: out }, (_, i) => i + 1),
    );
    expect(errorKey(await anon.request('addWatch/Contact-0', {}))).toBe('queryTooBroad');
    // A refused call still takes its number (the client numbers every call), so n stays in step.
    expect(errorKey(await anon.request('addWatch/Thread-0', {}))).toBe('queryTooBroad');
    expect(await anon.call('removeWatch/Thread-0/3')).toEqual({ removed: 1 });
    expect(await anon.call('addWatch/Thread-0', {})).toEqual({ watching: 'Thread-0', n: out + 2 });

    expect(SIGNED_IN_WATCH_LIMITS.types).toBeGreaterThan(out);
    const { client } = await connectAs(server, member.email, PASSWORD);
    const types = ['Thread', 'Contact', 'Organization', 'SavedSearch'];
    const ops = Array.from({ length: SIGNED_IN_WATCH_LIMITS.types }, (_, i) => `addWatch/${types[i % 4]!}-0`);
    for (const r of await all(client, ops, {})) expect(r.b).toMatchObject({ watching: expect.any(String) });
    expect(errorKey(await client.request('addWatch/Thread-0', {}))).toBe('queryTooBroad');

    // Both sockets are full; a new one is unaffected.
    const fresh = await WsClient.connect(server.wsUrl);
    expect(await fresh.call('addWatch/Thread-0', {})).toEqual({ watching: 'Thread-0', n: 1 });
    await Promise.all([anon.close(), client.close(), fresh.close()]);
  }, 60_000);

  it('refuses an oversized filter with invalidInput, and a socket over its filter budget with queryTooBroad', async () => {
    const { client } = await connectAs(server, member.email, PASSWORD);
    const tooManyKeys = Object.fromEntries(
      Array.from({ length: WATCH_FILTER_MAX_KEYS + 1 }, (_, i) => [`k${i}`, ['v']]),
    );
    const tooManyValues = { _c: Array.from({ length: WATCH_FILTER_MAX_VALUES + 1 }, (_, i) => `User-${i}`) };
    const tooBig = filterOf(WATCH_FILTER_MAX_BYTES + 1);
    // The probe of the review: 0.76 MiB in one filter.
    const probe = { subject: Array.from({ length: 100 }, () => 'y'.repeat(8000)) };
    for (const f of [tooManyKeys, tooManyValues, tooBig, probe])
      expect((await client.request('addWatch/Thread-0', f)).b).toMatchObject({
        erred: true,
        userMessage: 'invalidInput',
      });
    // Just inside every per-filter limit is fine.
    const atLimit = Object.fromEntries(
      Array.from({ length: WATCH_FILTER_MAX_KEYS }, (_, i) => [`k${i}`, i === 0 ? ['v', 'w'] : ['v']]),
    );
    expect(await client.call('addWatch/Thread-0', atLimit)).toMatchObject({ watching: 'Thread-0' });
    expect(await client.call('addWatch/Thread-0', filterOf(WATCH_FILTER_MAX_BYTES))).toMatchObject({
      watching: 'Thread-0',
    });
    await client.close();

    // A signed-out socket's filters together stay under its budget.
    const anon = await WsClient.connect(server.wsUrl);
    const fits = Math.floor(SIGNED_OUT_WATCH_LIMITS.filterBytes / WATCH_FILTER_MAX_BYTES);
    for (let i = 0; i < fits; i++)
      expect(await anon.call('addWatch/Thread-0', filterOf(WATCH_FILTER_MAX_BYTES))).toMatchObject({
        n: i + 1,
      });
    expect(errorKey(await anon.request('addWatch/Thread-0', filterOf(WATCH_FILTER_MAX_BYTES)))).toBe(
      'queryTooBroad',
    );
    // Removing a watch gives its bytes back.
    expect(await anon.call('removeWatch/Thread-0/1')).toEqual({ removed: 1 });
    expect(await anon.call('addWatch/Thread-0', filterOf(WATCH_FILTER_MAX_BYTES))).toMatchObject({
      n: fits + 2,
    });
    await anon.close();
  }, 60_000);
});

describe('closing a socket', () => {
  it('leaves no trace in the hub, even for watches whose reads end after the close', async () => {
    const empty = { sessions: 0, items: 0, types: 0, itemEntries: 0, typeEntries: 0 };
    // The earlier tests' sockets close on the server a moment after their clients see it.
    await expect.poll(() => hub().stats()).toEqual(empty);
    const { client } = await connectAs(server, member.email, PASSWORD);
    const anon = await WsClient.connect(server.wsUrl);
    await watchItems(client, ids.slice(0, 500));
    await all(
      client,
      ['Thread', 'Contact', 'Organization'].map((t) => `addWatch/${t}-0`),
      { subject: ['a'] },
    );
    await all(anon, ['addWatch/Thread-0', 'addWatch/SavedSearch-0'], {});
    expect(hub().stats()).toMatchObject({
      sessions: 2,
      items: 500,
      types: 4,
      itemEntries: 500,
      typeEntries: 5,
    });

    // Item watches still being read when the socket goes: none may land in the hub afterwards.
    // A transaction holding the items table keeps the reads waiting until after the close.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const held = tdb.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table items in access exclusive mode`);
      locked();
      await gate;
    });
    await isLocked;
    const sent = ids
      .slice(500, 600)
      .map((id) => new Promise((r) => client.ws.send(JSON.stringify({ o: `addWatch/${id}`, s: id }), r)));
    await Promise.all(sent);
    await Promise.all([client.close(), anon.close()]);
    await expect.poll(() => hub().stats().sessions).toBe(0);
    release();
    await held;
    // The held reads now end; give them time, then look again.
    await new Promise((r) => setTimeout(r, 500));
    await server.app.idle();
    expect(hub().stats()).toEqual(empty);
  }, 60_000);
});
