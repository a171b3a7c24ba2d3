import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { MAX_INPUT_DEPTH, MAX_JSON_DEPTH, MAX_JSON_LENGTH } from '../src/protocol/constants';
import { SEARCH_MAX_DEPTH } from '../src/protocol/query';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, signIn, type Frame, type WsClient } from './helpers/ws-client';

// Issue 11 "Hardening", findings 4, 5 and 10, as a fuzzer sends them: input nested thousands of
// levels deep, NUL characters anywhere in a body, and async acts with a bad query. Each must be
// refused with invalidInput, before any SQL runs or any Task exists, and the node must go on
// answering. Deep bodies are sent as JSON text built by hand (JSON.stringify would recurse).

let tdb: TestDatabase;
let server: TestServer;
let editor: { id: string; email: string };
let admin: { id: string; email: string };
let errorLog: MockInstance;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const org = await makeOrg(items, 'Riverbend First Nation');
  editor = await makeUser(items, [[org, 'editor']]);
  admin = await makeUser(items, [], { admin: true });
  // Whatever a request makes the server log as an error (a database error, a stack overflow).
  errorLog = vi.spyOn(server.app.fastify.log, 'error');
});

beforeEach(() => errorLog.mockClear());

afterAll(async () => {
  errorLog?.mockRestore();
  await server?.close();
  await tdb?.close();
});

/** n objects, one inside the other, around `leaf`. */
const nested = (n: number, leaf = '1') => '{"a":'.repeat(n) + leaf + '}'.repeat(n);
/** A search query whose subs go n levels down. */
const deepSubs = (n: number) => '{"subs":['.repeat(n) + '{}' + ']}'.repeat(n);

type ErrorBody = { erred?: boolean; userMessage?: string; fields?: { path: string; key: string }[] };
const err = (f: Frame | { data: unknown }) => ('data' in f ? f.data : f.b) as ErrorBody;

/** The reply is invalidInput, nothing was logged as a failure, and the socket still answers. */
async function expectRefused(client: WsClient, reply: Frame, op: string) {
  expect(reply.o).toBe(op);
  expect(err(reply)).toMatchObject({ erred: true, userMessage: 'invalidInput' });
  expect((await client.request('ping')).o).toBe('pong');
  expect(errorLog).not.toHaveBeenCalled();
}

async function post(token: string, frame: string) {
  const res = await fetch(`${server.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: frame,
  });
  return { status: res.status, json: (await res.json()) as { o?: string; s?: string; data: unknown } };
}

async function taskCount(): Promise<number> {
  const a = await connectAs(server, admin.email, PASSWORD);
  const r = await a.client.call<{ total: number }>('search/ids', { must: { _t: ['Task'] }, max: 0 });
  await a.client.close();
  return r.total;
}

describe('deeply nested input', () => {
  it('draws the line at MAX_INPUT_DEPTH, counting the frame, and real queries fit well inside', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    // The frame is one level, so a body of MAX_INPUT_DEPTH - 1 levels is the deepest accepted.
    expect((await client.requestRaw('ping', nested(MAX_INPUT_DEPTH - 1))).o).toBe('pong');
    await expectRefused(client, await client.requestRaw('ping', nested(MAX_INPUT_DEPTH)), 'ping');
    // The deepest search accepted (subs SEARCH_MAX_DEPTH levels down) is well inside the frame limit.
    const deepest = await client.requestRaw('search/ids', deepSubs(SEARCH_MAX_DEPTH));
    expect(deepest.b).toMatchObject({ ids: expect.any(Array) as unknown });
    expect(2 * SEARCH_MAX_DEPTH + 2).toBeLessThan(MAX_INPUT_DEPTH);
    expect(MAX_JSON_DEPTH).toBeLessThan(MAX_INPUT_DEPTH);
    await client.close();
  });

  it('refuses a search whose subs are 1,000 levels deep, and the socket goes on', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    await expectRefused(client, await client.requestRaw('search/ids', deepSubs(1000)), 'search/ids');
    await client.close();
  });

  it('refuses an act body 1,000 levels deep', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const body = `{"alias":"/node/1","extra":${nested(1000)}}`;
    await expectRefused(client, await client.requestRaw('act/getLegacyPath', body), 'act/getLegacyPath');
    await client.close();
  });

  it('refuses a create and an update with a JSON property 1,000 levels deep', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const create = await client.requestRaw(
      'create/SavedSearch',
      `{"name":"Deep","criteria":${nested(1000)}}`,
    );
    await expectRefused(client, create, 'create/SavedSearch');
    const saved = await client.call<{ $id: string; $version: number }>('create/SavedSearch', {
      name: 'Shallow',
      criteria: { filters: [], groups: [], groupsShould: [] },
    });
    const update = await client.requestRaw(
      'update',
      `{"$id":"${saved.$id}","$version":${saved.$version},"selectedFacets":[${nested(1000)}]}`,
    );
    await expectRefused(client, update, 'update');
    await client.close();
  });

  it('refuses SavedSearch criteria 5,000 levels deep', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const arrays = '['.repeat(5000) + ']'.repeat(5000);
    const reply = await client.requestRaw('create/SavedSearch', `{"name":"Deeper","criteria":${arrays}}`);
    await expectRefused(client, reply, 'create/SavedSearch');
    await client.close();
  });

  it('refuses a JSON property deeper than its limit, naming the field and the rule', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    // Within the frame limit, but over the limit of a JSON property.
    const reply = await client.requestRaw(
      'create/SavedSearch',
      `{"name":"Too deep","criteria":${nested(MAX_JSON_DEPTH + 1)}}`,
    );
    expect(err(reply)).toMatchObject({
      userMessage: 'invalidInput',
      fields: [{ path: 'criteria', key: 'errors.jsonTooLarge' }],
    });
    // At the limit it is stored.
    const ok = await client.requestRaw(
      'create/SavedSearch',
      `{"name":"Deep enough","criteria":${nested(MAX_JSON_DEPTH)}}`,
    );
    expect(ok.b).toMatchObject({ _t: 'SavedSearch', name: 'Deep enough' });
    expect(errorLog).not.toHaveBeenCalled();
    await client.close();
  });

  it('refuses a JSON property over its size limit (through the HTTP fallback), naming the field', async () => {
    const token = await signIn(server.url, editor.email, PASSWORD);
    const big = 'x'.repeat(MAX_JSON_LENGTH);
    const res = await post(
      token,
      JSON.stringify({ o: 'create/SavedSearch', s: '7', b: { name: 'Huge', criteria: { note: big } } }),
    );
    expect(res.json).toMatchObject({ o: 'create/SavedSearch', s: '7' });
    expect(err(res.json)).toMatchObject({
      userMessage: 'invalidInput',
      fields: [{ path: 'criteria', key: 'errors.jsonTooLarge' }],
    });
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('refuses a deep frame on the HTTP fallback and on the other JSON routes', async () => {
    const token = await signIn(server.url, editor.email, PASSWORD);
    const res = await post(token, `{"o":"search/ids","s":"8","b":${deepSubs(1000)}}`);
    expect(res.json).toMatchObject({ o: 'search/ids', s: '8' });
    expect(err(res.json)).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    const reg = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":${nested(5000, '"x"')},"email":"deep@example.test","password":"long-enough-1"}`,
    });
    expect(reg.status).toBe(400);
    expect(await reg.json()).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe('Object.prototype member names as item keys', () => {
  it('refuses them as unknown fields on create and update instead of dropping them', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    // As raw JSON text: JSON.parse makes `__proto__` an own key, as it arrives from the wire.
    const made = await client.requestRaw(
      'create/Thread',
      '{"subject":"Keys","__proto__":{"subject":"other"},"constructor":"x"}',
    );
    await expectRefused(client, made, 'create/Thread');
    expect(err(made).fields).toEqual([
      { path: '__proto__', key: 'errors.unknownField' },
      { path: 'constructor', key: 'errors.unknownField' },
    ]);
    const ok = await client.request('create/Thread', { subject: 'Keys' });
    const item = ok.b as { $id: string; $version: number };
    const upd = await client.requestRaw(
      'update',
      `{"$id":"${item.$id}","$version":${item.$version},"toString":"x"}`,
    );
    await expectRefused(client, upd, 'update');
    expect(err(upd).fields).toEqual([{ path: 'toString', key: 'errors.unknownField' }]);
    await client.close();
  });
});

describe('NUL characters', () => {
  it('refuses a NUL in a create body string, and in a key', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const inValue = await client.request('create/Thread', { subject: 'Before\u0000after' });
    await expectRefused(client, inValue, 'create/Thread');
    expect(err(inValue).fields).toEqual([{ path: 'subject', key: 'errors.invalidValue' }]);
    const inKey = await client.request('create/SavedSearch', {
      name: 'Keys',
      criteria: { 'pro\u0000p': ['x'] },
    });
    await expectRefused(client, inKey, 'create/SavedSearch');
    await client.close();
  });

  it('refuses a lone surrogate, which PostgreSQL json cannot hold (fuzz seed 7, frame 2304)', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    // JSON.stringify writes a lone surrogate as the escape "\udfff", as the fuzz sent it.
    const half = await client.request('create/SavedSearch', { name: '\udfff' });
    await expectRefused(client, half, 'create/SavedSearch');
    expect(err(half).fields).toEqual([{ path: 'name', key: 'errors.invalidValue' }]);
    const pair = await client.request('create/Thread', { subject: 'Cedar 🌲' });
    expect((pair.b as { subject?: string }).subject).toBe('Cedar 🌲');
    await client.close();
  });

  it('refuses a NUL in an act body and in a search value', async () => {
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const act = await client.request('act/getLegacyPath', { alias: '/node/\u0000417' });
    await expectRefused(client, act, 'act/getLegacyPath');
    const search = await client.request('search/ids', { must: { subject: ['a\u0000b'] } });
    await expectRefused(client, search, 'search/ids');
    await client.close();
  });

  it('refuses a NUL on the HTTP fallback, the account routes and in URL path parameters', async () => {
    const token = await signIn(server.url, editor.email, PASSWORD);
    const res = await post(
      token,
      JSON.stringify({ o: 'act/getLegacyPath', s: '9', b: { alias: '/node/\u0000' } }),
    );
    expect(res.json).toMatchObject({ o: 'act/getLegacyPath', s: '9' });
    expect(err(res.json)).toMatchObject({ userMessage: 'invalidInput' });
    const reg = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nul\u0000name', email: 'nul@example.test', password: 'long-enough-1' }),
    });
    expect(reg.status).toBe(400);
    expect(await reg.json()).toMatchObject({ userMessage: 'invalidInput' });
    // A path parameter that is looked up in SQL: the task key of a result download.
    const result = await fetch(`${server.url}/api/task-result/abc%00def/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(result.status).toBe(400);
    expect(await result.json()).toMatchObject({ userMessage: 'invalidInput' });
    // A query string, and the search query JSON inside one (its \u0000 escape appears only once parsed).
    const query = await fetch(`${server.url}/lov/en/x?owner=%00`);
    expect(query.status).toBe(400);
    const q = encodeURIComponent(JSON.stringify({ must: { originalName: ['\u0000'] } }));
    const zip = await fetch(`${server.url}/api/attachments-zip?q=${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(zip.status).toBe(400);
    expect(await zip.json()).toMatchObject({ userMessage: 'invalidInput' });
    // The streamed-reply path of the fallback dispatches on its own: it checks the body too.
    const streamed = await fetch(`${server.url}/api/item`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'stream-reply': 'true',
      },
      body: JSON.stringify({ o: 'act/getLegacyPath', s: '10', b: { alias: '\u0000' } }),
    });
    const key = streamed.headers.get('stream-key');
    expect(key).toBeTruthy();
    let done: { data?: unknown } = {};
    for (let i = 0; i < 50 && !('data' in done); i++) {
      const r = await fetch(`${server.url}/api/stream/${key}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      done = (await r.json()) as { data?: unknown };
      if (!('data' in done)) await new Promise((ok) => setTimeout(ok, 50));
    }
    expect(done.data).toMatchObject({ userMessage: 'invalidInput' });
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe('async acts are validated before a Task exists', () => {
  it('refuses exportCsv with an unknown search key, and no Task is created', async () => {
    const before = await taskCount();
    const { client } = await connectAs(server, editor.email, PASSWORD);
    const reply = await client.request('act/exportCsv/async', {
      query: { must: { _t: ['Thread'], noSuchKey: ['x'] } },
    });
    expect(err(reply)).toMatchObject({
      userMessage: 'invalidInput',
      fields: [{ path: 'noSuchKey', key: 'errors.unknownField' }],
    });
    const nested = await client.request('act/exportCsv/async', {
      query: { subs: [{ mustNot: { alsoUnknown: ['y'] } }] },
    });
    expect(err(nested)).toMatchObject({
      userMessage: 'invalidInput',
      fields: [{ path: 'alsoUnknown', key: 'errors.unknownField' }],
    });
    const badFacet = await client.request('act/exportCsv/async', { query: { facets: ['nope'] } });
    expect(err(badFacet)).toMatchObject({ userMessage: 'invalidInput' });
    // A saved search whose filters name an unknown property is refused the same way.
    const saved = await client.call<{ $id: string }>('create/SavedSearch', {
      name: 'Stale view',
      itemTypeName: 'Thread',
      criteria: { filters: [{ prop: 'gone', kind: 'must', value: ['x'] }], groups: [], groupsShould: [] },
    });
    const fromSaved = await client.request('act/exportCsv/async', { savedSearch: saved.$id });
    expect(err(fromSaved)).toMatchObject({
      userMessage: 'invalidInput',
      fields: [{ path: 'gone', key: 'errors.unknownField' }],
    });
    // A NUL in the query is refused before anything too.
    const nul = await client.request('act/exportCsv/async', { query: { must: { subject: ['\u0000'] } } });
    expect(err(nul)).toMatchObject({ userMessage: 'invalidInput' });
    expect(await taskCount()).toBe(before);
    // A good query still starts a task.
    const ok = await client.call<{ key: string }>('act/exportCsv/async', {
      query: { must: { _t: ['Thread'] } },
    });
    expect(ok.key).toBeTruthy();
    expect(await taskCount()).toBe(before + 1);
    expect(errorLog).not.toHaveBeenCalled();
    await client.close();
  });
});
