import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precacheList, serviceWorker } from '../src/server/http/offline-app';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';

// The installable app (src/server/http/offline-app.ts, ADR 0007): the worker keeps the build's
// assets (not source maps or pre-compressed copies) and the page, one cache per version and
// build; the server sends it, the manifest and the icon. The worker's behaviour offline is the
// browser test's (e2e/geokeeper-offline.e2e.ts: a reload offline served by it).

let dir: string;
let tdb: TestDatabase;
let server: TestServer;
const before = process.env.CKK_CLIENT_DIR;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-offline-app-'));
  mkdirSync(path.join(dir, 'assets', 'fonts'), { recursive: true });
  for (const f of ['index-abc.js', 'index-abc.js.map', 'index-abc.js.br', 'index-abc.js.gz', 'style-1.css'])
    writeFileSync(path.join(dir, 'assets', f), 'x');
  writeFileSync(path.join(dir, 'assets', 'fonts', 'roboto.woff2'), 'x');
  writeFileSync(path.join(dir, 'index.html'), '<html><head><title>x</title><!--ckk-config--></head></html>');
  process.env.CKK_CLIENT_DIR = dir;
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
}, 60_000);

afterAll(async () => {
  if (before === undefined) delete process.env.CKK_CLIENT_DIR;
  else process.env.CKK_CLIENT_DIR = before;
  await server?.close();
  await tdb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the installable app', () => {
  it('lists the built assets to keep, without maps and compressed copies', () => {
    expect(precacheList(dir)).toEqual([
      '/assets/fonts/roboto.woff2',
      '/assets/index-abc.js',
      '/assets/style-1.css',
    ]);
    expect(precacheList(path.join(dir, 'nothing-here'))).toEqual([]);
  });

  it('names its cache by version and build, so a new one installs beside the old', () => {
    const cacheOf = (src: string) => /const CACHE = "([^"]+)"/.exec(src)?.[1];
    const a = cacheOf(serviceWorker('1.0.0', ['/assets/a.js']));
    expect(a).toMatch(/^ckk-1\.0\.0-[0-9a-f]{12}$/);
    expect(cacheOf(serviceWorker('1.0.0', ['/assets/b.js']))).not.toBe(a);
    expect(cacheOf(serviceWorker('1.0.1', ['/assets/a.js']))).not.toBe(a);
  });

  it('serves the worker with the build’s list, the manifest and the icon', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.headers.get('content-type')).toContain('javascript');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const src = await sw.text();
    expect(src).toContain('"/assets/index-abc.js"');
    expect(src).not.toContain('.map"');
    expect(src).toContain("self.addEventListener('fetch'");
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const m = (await manifest.json()) as { display: string; start_url: string; icons: { src: string }[] };
    expect(m).toMatchObject({ display: 'standalone', start_url: '/' });
    const icon = await fetch(`${server.url}${m.icons[0]!.src}`);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
  });
});
