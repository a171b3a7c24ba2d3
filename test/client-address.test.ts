import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, testConfig, type TestServer } from './helpers/test-server';

// The per-address sign-in limit counts the client's address. X-Forwarded-For is believed only
// from the proxies TRUST_PROXY names; otherwise a client could name a new address per attempt.

let tdb: TestDatabase;
const servers: TestServer[] = [];

beforeAll(async () => {
  tdb = await openTestDatabase();
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await tdb?.close();
});

async function serverWith(trustProxy: string | undefined, signInPerAddress?: number) {
  const s = await startTestServer(tdb.database, {
    trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy,
    ...(signInPerAddress ? { signInPerAddress } : {}),
  });
  servers.push(s);
  return s;
}

let n = 0;
/** One sign-in attempt for an unknown e-mail (a new one each time, so the per-account limit stays out of it). */
async function attempt(srv: TestServer, forwardedFor: string): Promise<number> {
  const res = await fetch(`${srv.url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `nobody.${++n}@example.test`, password: 'wrong-password' }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('TRUST_PROXY', () => {
  it('reads the setting: off by default, a hop count, true, or a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 172.16.0.0/12 ' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
    ]);
  });

  it('stops the start on an entry that is not an address', async () => {
    await expect(buildApp(testConfig({ trustProxy: ['proxy.example'] }), tdb.database)).rejects.toThrow();
  });

  it('by default ignores X-Forwarded-For: 150 attempts from "150 addresses" are limited', async () => {
    // A low limit keeps the test quick: each attempt under it checks a password hash.
    const limit = 5;
    const srv = await serverWith(undefined, limit);
    const statuses: number[] = [];
    for (let i = 0; i < 150; i += 15)
      statuses.push(
        ...(await Promise.all(Array.from({ length: 15 }, (_, j) => attempt(srv, `203.0.113.${i + j}`)))),
      );
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150 - limit);
  });

  it('with a hop count, counts the address the proxy forwards, each with its own budget', async () => {
    const srv = await serverWith('1', 3);
    for (let i = 0; i < 3; i++) expect(await attempt(srv, '198.51.100.7')).toBe(401);
    expect(await attempt(srv, '198.51.100.7')).toBe(429);
    // What the client wrote in front of the proxy's entry is not believed.
    expect(await attempt(srv, '192.0.2.99, 198.51.100.7')).toBe(429);
    expect(await attempt(srv, '198.51.100.8')).toBe(401);
  });

  it('with a list of proxies that does not hold the peer, ignores X-Forwarded-For', async () => {
    const srv = await serverWith('10.0.0.0/8, 192.168.1.1', 3);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(srv, `198.51.100.${i}`));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('with a list of proxies that holds the peer, counts the forwarded address', async () => {
    const srv = await serverWith('127.0.0.1', 2);
    expect([await attempt(srv, '198.51.100.1'), await attempt(srv, '198.51.100.1')]).toEqual([401, 401]);
    expect(await attempt(srv, '198.51.100.1')).toBe(429);
    expect(await attempt(srv, '198.51.100.2')).toBe(401);
  });
});
