import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PMTiles, FetchSource } from 'pmtiles';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { signIn } from '../../../../test/helpers/ws-client';
import { BASEMAP_PATH, parseRange } from '../server/basemap/route';
import { solidPmtiles } from './pmtiles-fixture';

// The local PMTiles basemap route (issue 15 "A local PMTiles basemap file can be configured"):
// byte ranges of the configured file, to someone signed in only; and the pmtiles library reads a
// tile through it, as the map does.

let tdb: TestDatabase;
let server: TestServer;
let token: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-pmtiles-'));
const file = path.join(dir, 'basemap.pmtiles');
const bytes = solidPmtiles([200, 40, 160]);

beforeAll(async () => {
  writeFileSync(file, bytes);
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, { mapPmtilesFile: file });
  const org = await makeOrg(server.app.services.items, 'Riverbend First Nation');
  const u = await makeUser(server.app.services.items, [[org, 'member']]);
  token = await signIn(server.url, u.email, PASSWORD);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}, auth = true) =>
  fetch(`${server.url}${BASEMAP_PATH}`, {
    headers: { ...(auth ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

describe('parseRange', () => {
  it('reads one range, open-ended and suffix forms, and refuses the rest', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    for (const bad of ['bytes=100-', 'bytes=9-0', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-'])
      expect(parseRange(bad, 100), bad).toBe('bad');
  });
});

describe(`GET ${BASEMAP_PATH}`, () => {
  it('gives the asked bytes with 206 and the whole file with 200', async () => {
    const part = await get({ range: 'bytes=0-126' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-126/${bytes.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 127));
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    const beyond = await get({ range: `bytes=${bytes.length}-` });
    expect(beyond.status).toBe(416);
  });

  it('is refused to someone not signed in, and with a bad token', async () => {
    expect((await get({ range: 'bytes=0-126' }, false)).status).toBe(401);
    expect((await get({ authorization: 'Bearer nonsense' }, false)).status).toBe(401);
  });

  it('the pmtiles library reads the header and the tile through it', async () => {
    const source = new FetchSource(
      `${server.url}${BASEMAP_PATH}`,
      new Headers({ authorization: `Bearer ${token}` }),
    );
    const archive = new PMTiles(source);
    const header = await archive.getHeader();
    expect(header).toMatchObject({ specVersion: 3, minZoom: 0, maxZoom: 0, tileType: 2 });
    const tile = await archive.getZxy(0, 0, 0);
    expect(Buffer.from(tile!.data).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('is 404 when no file is configured', async () => {
    const other = await startTestServer(tdb.database, {});
    try {
      const r = await fetch(`${other.url}${BASEMAP_PATH}`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
