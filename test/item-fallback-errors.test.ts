import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// Found by the protocol fuzz: POST /api/item bodies that Fastify refuses before the handler
// answered Fastify's own error ({statusCode, code, message}), with no catalogue key for the client.

let tdb: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

async function post(body: string, contentType: string) {
  const res = await fetch(`${server.url}/api/item`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  return {
    status: res.status,
    json: (await res.json()) as { data?: { erred?: boolean; userMessage?: string } },
  };
}

describe('POST /api/item with a body Fastify refuses', () => {
  it.each([
    ['not JSON', '{"o":"ping"', 'application/json', 400],
    ['empty', '', 'application/json', 400],
    ['a __proto__ key', '{"o":"ping","s":"1","b":{"__proto__":{"x":1}}}', 'application/json', 400],
    ['an unknown content type', 'o=ping', 'application/x-www-form-urlencoded', 415],
  ])('answers %s with invalidInput in data', async (_what, body, contentType, status) => {
    const r = await post(body, contentType);
    expect(r.status).toBe(status);
    expect(r.json.data).toMatchObject({ erred: true, userMessage: 'invalidInput' });
  });

  it('still answers a good frame', async () => {
    const r = await post('{"o":"ping","s":"1"}', 'application/json');
    expect(r).toEqual({ status: 200, json: { o: 'pong', s: '1', data: {} } });
  });
});
