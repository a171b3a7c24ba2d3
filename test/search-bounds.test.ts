import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_MAX_DEPTH,
  SEARCH_MAX_NODES,
  SEARCH_MAX_SUBS,
  SEARCH_MAX_VALUES,
  SEARCH_MAX_VALUES_PER_KEY,
} from '../src/protocol/query';
import { DEMO_PASSWORD } from '../src/server/seed/demo';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, WsClient, type Frame } from './helpers/ws-client';
import { demoIn } from './helpers/demo';

// Issue 11, findings 1 and 3: a search query's size is bounded before any SQL runs (on the
// embedded database a statement runs in the server's own thread and no timeout stops it), and a
// key named after an Object.prototype member is an unknown key like any other.

let tdb: TestDatabase;
let server: TestServer;
let reader: WsClient;
let threadId: string;

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  const officer = await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD);
  reader = officer.client;
  threadId = (
    await reader.call<{ $id: string }>('create/Thread', {
      subject: 'Bounds test thread',
      $access: 'COMMUNITY',
      purpose: 'CONSULT_ACK',
    })
  ).$id;
});

afterAll(async () => {
  await reader?.close();
  await server?.close();
  await tdb?.close();
});

type ErrorBody = { erred?: boolean; userMessage?: string; fields?: { path: string; key: string }[] };

/** Sends a frame as raw JSON text: JSON.parse on the server makes `__proto__` an own key. */
async function rawRequest(client: WsClient, s: string, bodyJson: string, timeoutMs = 10_000): Promise<Frame> {
  client.sendRaw(`{"o":"search/ids","s":"${s}","b":${bodyJson}}`);
  return client.waitForPush((f) => f.s === s, timeoutMs);
}

function times<T>(n: number, f: (k: number) => T): T[] {
  return Array.from({ length: n }, (_, k) => f(k));
}

/** The fuzzer's frame: subs 20 × 20 × 20, each leaf {"must":{"_i":[1,2,3]}} (about 192 KiB). */
function fuzzFrameBody() {
  const leaf = { must: { _i: [1, 2, 3] } };
  return { subs: times(20, () => ({ subs: times(20, () => ({ subs: times(20, () => leaf) })) })) };
}

function p99(ms: number[]): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1]!;
}

describe('a query too big for its cost', () => {
  it(
    'a signed-out 20×20×20 subs frame is refused at once while other sockets keep reading',
    { timeout: 180_000 },
    async () => {
      const frame = JSON.stringify({ o: 'search/ids', s: 'fuzz', b: fuzzFrameBody() });
      expect(frame.length).toBeGreaterThan(150_000);
      for (let k = 0; k < 5; k++) await reader.call(`read/${threadId}`); // warm
      // Ten signed-out sockets each send the frame, as the fuzzer did in parallel.
      const attackers = await Promise.all(times(10, () => WsClient.connect(server.wsUrl)));
      const started = performance.now();
      const refused = attackers.map(async (a) => {
        a.sendRaw(frame);
        const reply = await a.waitForPush((f) => f.s === 'fuzz', 170_000);
        return { reply, ms: performance.now() - started };
      });
      // Another (signed-in) socket keeps reading one item, during and after the frames.
      const reads: number[] = [];
      for (let k = 0; k < 200; k++) {
        const t = performance.now();
        const r = await reader.request(`read/${threadId}`, undefined, {}, 170_000);
        reads.push(performance.now() - t);
        expect((r.b as ErrorBody).erred).toBeUndefined();
      }
      const answers = await Promise.all(refused);
      await Promise.all(attackers.map((a) => a.close()));
      const slowest = Math.max(...answers.map((a) => a.ms));
      console.log(
        `[${tdb.kind}] fuzz frame refused after ${slowest.toFixed(0)} ms (slowest of 10); ` +
          `other socket's read p99 ${p99(reads).toFixed(1)} ms, max ${Math.max(...reads).toFixed(1)} ms`,
      );
      for (const a of answers) expect(a.reply.b).toMatchObject({ erred: true, userMessage: 'queryTooBroad' });
      expect(slowest).toBeLessThan(1000);
      // A blocked event loop would hold the reads for seconds; a plain read's p99 on a loaded
      // 2-core CI runner reached 147 ms (session 9), so the bound sits above that noise.
      expect(p99(reads)).toBeLessThan(300);
    },
  );

  it('a subs chain 1,000 levels deep is refused as input, not as a failure', async () => {
    const anon = await WsClient.connect(server.wsUrl);
    try {
      for (const levels of [1_000, 20_000]) {
        const deep = '{"subs":['.repeat(levels) + '{}' + ']}'.repeat(levels);
        const reply = await rawRequest(anon, `deep${levels}`, deep);
        expect(['invalidInput', 'queryTooBroad']).toContain((reply.b as ErrorBody).userMessage);
      }
      // The socket still answers afterwards.
      expect((await anon.request('search/ids', { must: { _t: ['Thread'] } })).b).not.toHaveProperty('erred');
    } finally {
      await anon.close();
    }
  });
});

describe('every bound at its edge', () => {
  let client: WsClient;
  beforeAll(async () => {
    client = await WsClient.connect(server.wsUrl);
  });
  afterAll(async () => {
    await client.close();
  });

  async function answer(body: unknown): Promise<ErrorBody> {
    return (await client.request('search/ids', body)).b as ErrorBody;
  }

  /** Subs nested `depth` levels below the root, the innermost a real condition. */
  function nested(depth: number): unknown {
    let q: unknown = { must: { _i: [1] } };
    for (let d = 0; d < depth; d++) q = { subs: [q] };
    return q;
  }

  /** A query of exactly `n` nodes (query objects plus clause keys), no list over the subs bound. */
  function ofNodes(n: number): unknown {
    let left = n - 2; // the root and its one key
    const subs: unknown[] = [];
    while (left > 0) {
      const k = Math.min(SEARCH_MAX_SUBS, left - 1);
      subs.push({ subs: times(k, () => ({})) });
      left -= k + 1;
    }
    return { must: { _i: [1] }, subs };
  }

  it(`nesting: ${SEARCH_MAX_DEPTH} levels of subs are read, one more is too broad`, async () => {
    expect(await answer(nested(SEARCH_MAX_DEPTH))).not.toHaveProperty('erred');
    expect(await answer(nested(SEARCH_MAX_DEPTH + 1))).toMatchObject({
      erred: true,
      userMessage: 'queryTooBroad',
    });
    // subsShould counts the same.
    const should = (d: number): unknown =>
      d === 0 ? { must: { _i: [1] } } : { subsShould: [should(d - 1)] };
    expect(await answer(should(SEARCH_MAX_DEPTH))).not.toHaveProperty('erred');
    expect(await answer(should(SEARCH_MAX_DEPTH + 1))).toMatchObject({
      erred: true,
      userMessage: 'queryTooBroad',
    });
  });

  it(`subs per list: ${SEARCH_MAX_SUBS} are read, one more is too broad`, async () => {
    const leaf = { must: { _i: [1] } };
    expect(await answer({ subs: times(SEARCH_MAX_SUBS, () => leaf) })).not.toHaveProperty('erred');
    expect(await answer({ subsShould: times(SEARCH_MAX_SUBS + 1, () => leaf) })).toMatchObject({
      erred: true,
      userMessage: 'queryTooBroad',
    });
  });

  it(`nodes: ${SEARCH_MAX_NODES} are read, one more is too broad`, async () => {
    expect(await answer(ofNodes(SEARCH_MAX_NODES))).not.toHaveProperty('erred');
    expect(await answer(ofNodes(SEARCH_MAX_NODES + 1))).toMatchObject({
      erred: true,
      userMessage: 'queryTooBroad',
    });
    // Clause keys count as nodes too: a query of many keys is as big as one of many subs.
    const keys = { must: Object.fromEntries(times(SEARCH_MAX_NODES, (k) => [`k${k}`, []])) };
    expect(await answer(keys)).toMatchObject({ erred: true, userMessage: 'queryTooBroad' });
  });

  it(`values: ${SEARCH_MAX_VALUES_PER_KEY} per key and ${SEARCH_MAX_VALUES} in all are read, one more is too broad`, async () => {
    const nums = (n: number) => times(n, (k) => k + 1);
    const ids = (n: number) => times(n, (k) => `Thread-${k + 1}`);
    expect(await answer({ must: { _i: nums(SEARCH_MAX_VALUES_PER_KEY) } })).not.toHaveProperty('erred');
    expect(await answer({ must: { _i: nums(SEARCH_MAX_VALUES_PER_KEY + 1) } })).toMatchObject({
      erred: true,
      userMessage: 'queryTooBroad',
    });
    const perKey = SEARCH_MAX_VALUES / 2;
    const all = { must: { _i: nums(perKey) }, should: { $id: ids(perKey) } };
    expect(await answer(all)).not.toHaveProperty('erred');
    expect(await answer({ ...all, mustNot: { owner: ['Organization-999'] } })).toMatchObject({
      erred: true,
      userMessage: 'queryTooBroad',
    });
    // Values in subs count towards the same total.
    expect(
      await answer({ must: { _i: nums(perKey) }, subs: [{ should: { $id: ids(perKey + 1) } }] }),
    ).toMatchObject({ erred: true, userMessage: 'queryTooBroad' });
  });
});

describe('keys named after Object.prototype members', () => {
  const cases: [string, string][] = [
    ['{"must":{"constructor":["x"]}}', 'constructor'],
    ['{"must":{"_t":["Thread"],"constructor":["x"]}}', 'constructor'],
    ['{"should":{"toString":["x"]}}', 'toString'],
    ['{"mustNot":{"hasOwnProperty":["x"]}}', 'hasOwnProperty'],
    ['{"must":{"__proto__":["x"]}}', '__proto__'],
    ['{"must":{"_t":["Thread"],"__proto__":["x"]}}', '__proto__'],
    ['{"subs":[{"must":{"__proto__":["x"]}}]}', '__proto__'],
    ['{"subsShould":[{"should":{"valueOf":["x"]}}]}', 'valueOf'],
    ['{"facets":["constructor"]}', 'constructor'],
    ['{"facets":["__proto__"]}', '__proto__'],
    ['{"must":{"_t":["Thread"]},"facets":["toString"]}', 'toString'],
    ['{"sort":[{"key":"constructor","order":"asc"}]}', 'constructor'],
    ['{"sort":[{"key":"__proto__","order":"desc"}]}', '__proto__'],
    ['{"must":{"_t":["Thread"]},"sort":[{"key":"valueOf","order":"asc"}]}', 'valueOf'],
  ];

  it('answers invalidInput with errors.unknownField, signed out and signed in', async () => {
    const anon = await WsClient.connect(server.wsUrl);
    try {
      let n = 0;
      for (const client of [anon, reader])
        for (const [body, key] of cases) {
          const reply = await rawRequest(client, `proto${++n}`, body);
          expect(reply.b, body).toMatchObject({
            erred: true,
            userMessage: 'invalidInput',
            fields: [{ path: key, key: 'errors.unknownField' }],
          });
        }
    } finally {
      await anon.close();
    }
  });
});

describe('values shaped like ranges (found by the fuzz, seeds 11 and 33)', () => {
  const body = (f: Frame) => f.b as ErrorBody & { ids?: string[] };

  it('are plain text on a property that is not a date: an e-mail address is never cast to a date', async () => {
    const one = body(await reader.request('search/ids', { should: { email: ['2026-01-01..'] } }));
    expect(one.erred).toBeUndefined();
    expect(one.ids).toEqual([]);
    // Eight or more values take the array path; the range-shaped ones stay text there too.
    const many = ['..2026-01-01', '..', '1e308..', 'a', 'b', 'c', 'd', 'e', 'f'];
    expect(body(await reader.request('search/ids', { must: { email: many } })).erred).toBeUndefined();
    expect(
      body(await reader.request('search/ids', { mustNot: { key: ['valueOf', '2026-01-01..'] } })).erred,
    ).toBeUndefined();
  });

  it('still filter a date property by its range', async () => {
    const due = await reader.call<{ $id: string }>('create/Thread', {
      subject: 'Due in March',
      $access: 'COMMUNITY',
      purpose: 'CONSULT_ACK',
      assignedDue: '2031-03-15',
    });
    const hit = body(
      await reader.request('search/ids', {
        must: { _t: ['Thread'], assignedDue: ['2031-03-01..2031-04-01'] },
      }),
    );
    expect(hit.ids).toEqual([due.$id]);
    const miss = body(
      await reader.request('search/ids', {
        must: { _t: ['Thread'], assignedDue: ['2031-04-01..2031-05-01'] },
      }),
    );
    expect(miss.ids).toEqual([]);
  });
});

describe('numbers past the database integer (found by the fuzz, seed 11)', () => {
  it('markNotifications refuses an index over 2^31-1 as invalidInput', async () => {
    const f = await reader.request('act/markNotifications', { indexes: [9007199254740991, 1], all: false });
    expect((f.b as ErrorBody).userMessage).toBe('invalidInput');
  });
});

describe('structured (json) properties', () => {
  // Some json values are judged again at every read (an impact report's places, a response's
  // research links): their stored form may name what the reader is not shown. No search answers
  // from it: every json property of every registered type, as a facet, a filter and a sort.
  it('are no facet, filter or sort of any type: errors.notSearchable', async () => {
    const { registry } = server.app.services;
    const cases = [...registry.types.values()].flatMap((t) =>
      Object.entries(t.properties)
        .filter(([, p]) => p.kind === 'json')
        .map(([k]) => [t.name, k] as const),
    );
    expect(cases.length).toBeGreaterThan(10);
    for (const [type, key] of cases)
      for (const q of [
        { must: { _t: [type] }, facets: [key] },
        { must: { _t: [type], [key]: ['x'] } },
        { must: { _t: [type] }, sort: [{ key, order: 'asc' }] },
      ]) {
        const r = (await reader.request('search/ids', q)).b;
        expect(r, `${type}.${key} ${JSON.stringify(q)}`).toMatchObject({
          erred: true,
          userMessage: 'invalidInput',
          fields: [{ path: key, key: 'errors.notSearchable' }],
        });
      }
  });
});
