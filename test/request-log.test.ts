import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/server/app';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { testConfig } from './helpers/test-server';
import { WsClient } from './helpers/ws-client';

// One concise line per request (src/server/http/request-log.ts): at debug when it succeeded, at
// info when it did not, and nothing per socket frame. The server logs at debug here so the
// lines that the default level hides can be counted too.

interface Line {
  level: number;
  msg: string;
  reqId?: string;
}
const DEBUG = 20;
const INFO = 30;

let tdb: TestDatabase;
let app: App;
let url: string;
const lines: Line[] = [];

beforeAll(async () => {
  tdb = await openTestDatabase();
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  app = await buildApp(testConfig({ logLevel: 'debug' }), tdb.database, { logStream });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.fastify.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  url = `http://127.0.0.1:${addr.port}`;
});

afterAll(async () => {
  await app?.close();
  await tdb?.close();
});

/** The lines of the requests made by `run`, grouped by request. */
async function linesOf(run: () => Promise<unknown>): Promise<Line[][]> {
  const from = lines.length;
  await run();
  // The destination is written to asynchronously; a tick lets the last line arrive.
  await new Promise((r) => setTimeout(r, 50));
  const byReq = new Map<string, Line[]>();
  for (const l of lines.slice(from)) if (l.reqId) byReq.set(l.reqId, [...(byReq.get(l.reqId) ?? []), l]);
  return [...byReq.values()];
}

describe('request log', () => {
  it('logs a success as one debug line: method, path without its query, status and time', async () => {
    const reqs = await linesOf(() => fetch(`${url}/api/health?token=secret-value`));
    expect(reqs).toHaveLength(1);
    expect(reqs[0]).toHaveLength(1);
    expect(reqs[0]![0]!.level).toBe(DEBUG);
    expect(reqs[0]![0]!.msg).toMatch(/^GET \/api\/health 200 \d+ms$/);
    expect(JSON.stringify(reqs)).not.toContain('secret-value');
  });

  it('logs a not-found API path as one info line', async () => {
    const reqs = await linesOf(() => fetch(`${url}/api/no-such-thing`));
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.map((l) => [l.level, l.msg.replace(/\d+ms$/, 'Nms')])).toEqual([
      [INFO, 'GET /api/no-such-thing 404 Nms'],
    ]);
  });

  it('logs a refused request as one info line; its error only at debug', async () => {
    const reqs = await linesOf(() =>
      fetch(`${url}/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
    );
    expect(reqs).toHaveLength(1);
    const atInfo = reqs[0]!.filter((l) => l.level >= INFO);
    expect(atInfo.map((l) => l.msg)).toEqual([expect.stringMatching(/^POST \/api\/sign-in 400 \d+ms$/)]);
    expect(reqs[0]!.every((l) => l.level === INFO || l.level === DEBUG)).toBe(true);
  });

  it('logs nothing per socket frame', async () => {
    const client = await WsClient.connect(url.replace('http', 'ws') + '/ws');
    const from = lines.length;
    // Anonymous requests: each gets its (error) reply, and none is logged.
    for (let i = 0; i < 5; i++)
      expect((await client.request('item/read', { $id: 'Thread-1' })).o).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.slice(from)).toEqual([]);
    await client.close();
  });
});
