import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../scripts/precompress.mjs';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// The built client's assets go out pre-compressed: the build step (scripts/precompress.mjs) runs
// on a client folder of our own, and the real server serves it (CKK_CLIENT_DIR). Raw HTTP, not
// fetch: fetch would decode the body and hide what was on the wire.

const START = 'index-T3sT.js';
const SMALL = 'tiny-T3sT.js';
let dir: string;
let start: Buffer;
let tdb: TestDatabase;
let server: TestServer;
const previousDir = process.env.CKK_CLIENT_DIR;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-client-'));
  mkdirSync(path.join(dir, 'assets'));
  // Something like a bundle: repetitive enough to compress, varied enough not to vanish.
  const lines = Array.from(
    { length: 3000 },
    (_, i) => `export function screen${i}(p){return p.items.filter((x)=>x.n>${i}).map((x)=>x.label+"${i}");}`,
  );
  start = Buffer.from(lines.join('\n'));
  writeFileSync(path.join(dir, 'assets', START), start);
  writeFileSync(path.join(dir, 'assets', SMALL), 'export const x = 1;\n');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>x</title><!--ckk-config--><script type="module" src="/assets/${START}"></script></head><body></body></html>`,
  );
  await precompress(dir);
  process.env.CKK_CLIENT_DIR = dir;
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
});

afterAll(async () => {
  if (previousDir === undefined) delete process.env.CKK_CLIENT_DIR;
  else process.env.CKK_CLIENT_DIR = previousDir;
  await server?.close();
  await tdb?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

describe('pre-compressed client assets', () => {
  it('the build step writes .br and .gz beside assets over 1 KB, not beside smaller ones', () => {
    expect(existsSync(path.join(dir, 'assets', START + '.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', START + '.gz'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', SMALL + '.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', SMALL + '.gz'))).toBe(false);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip;q=0.5, br', 'br'],
    ['gzip, deflate, br;q=0.5', 'gzip'],
    ['gzip', 'gzip'],
    ['deflate, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
  ])('Accept-Encoding %s: sends %s, which decodes to the file', async (accept, encoding) => {
    const res = await get(`${server.url}/assets/${START}`, { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript; charset=utf-8/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.body.length).toBeLessThan(start.length / 4);
    expect(decode[encoding]!(res.body).equals(start)).toBe(true);
  });

  it.each([[{}], [{ 'accept-encoding': 'identity' }], [{ 'accept-encoding': 'deflate' }]])(
    'without an encoding it can send (%j), the plain file',
    async (headers) => {
      const res = await get(`${server.url}/assets/${START}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript; charset=utf-8/);
      expect(Number(res.headers['content-length'])).toBe(start.length);
      expect(res.body.equals(start)).toBe(true);
    },
  );

  it('a file without compressed copies goes out plain to a browser that accepts br', async () => {
    const res = await get(`${server.url}/assets/${SMALL}`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('export const x = 1;\n');
  });

  it('each encoding has its own ETag, and a revalidation with it is answered 304', async () => {
    const br = await get(`${server.url}/assets/${START}`, { 'accept-encoding': 'br' });
    const plain = await get(`${server.url}/assets/${START}`);
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(`${server.url}/assets/${START}`, {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('a range of the plain file is the plain bytes', async () => {
    const res = await get(`${server.url}/assets/${START}`, { range: 'bytes=0-99' });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(start.subarray(0, 100))).toBe(true);
  });

  it('HEAD gives the compressed length without a body', async () => {
    const br = readFileSync(path.join(dir, 'assets', START + '.br'));
    const res = await get(`${server.url}/assets/${START}`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(br.length);
    expect(res.body.length).toBe(0);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.1', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ])('sends the app page compressed for Accept-Encoding %j (%s)', async (accept, encoding) => {
    const plain = await get(`${server.url}/`);
    expect(plain.body.toString()).toContain(`/assets/${START}`);
    const res = await get(`${server.url}/`, accept ? { 'accept-encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect((encoding ? decode[encoding]!(res.body) : res.body).equals(plain.body)).toBe(true);
  });
});
