import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshotOnFailure, signIn, startApp, type E2EApp } from './helpers/app';

// Measurements, not timing assertions: how long the home view takes to appear after a page
// load, and how big the JavaScript is. Only the start-up JavaScript has a bar (the issue's
// 250 KB gzip for the main chunk, counted with the chunks preloaded beside it); the times are
// printed for the record. The bytes on the wire are measured too (Chromium's own count, through
// the DevTools protocol): the server sends the build's pre-compressed copies.

// The build the test server serves (CKK_CLIENT_DIR when a parallel run built elsewhere).
const CLIENT = path.resolve(process.env.CKK_CLIENT_DIR ?? 'dist/client');
const RUNS = 5;
const MAIN_CHUNK_LIMIT = 250 * 1024;

let app: E2EApp;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  context = await newContext(app);
  // Records when the "Welcome, …" heading first appears, measured from navigation start.
  await context.addInitScript(() => {
    const w = window as unknown as { welcomeAt?: number };
    const seen = () => {
      const h1 = document.querySelector('h1');
      if (w.welcomeAt === undefined && h1?.textContent?.startsWith('Welcome, ')) {
        w.welcomeAt = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(seen);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
  page = await context.newPage();
  await signIn(page, app.server.url, 'lands.officer@riverbend.example');
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await context?.close();
  await app?.close();
});

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe('performance', () => {
  it(`measures the home view's first render over ${RUNS} page loads`, async () => {
    const times: number[] = [];
    // One warm-up load, so the numbers are about a returning visitor with a cached script.
    for (let i = 0; i <= RUNS; i++) {
      await page.goto(app.server.url + '/');
      await page.waitForFunction(() => (window as unknown as { welcomeAt?: number }).welcomeAt !== undefined);
      const at = await page.evaluate(() => (window as unknown as { welcomeAt: number }).welcomeAt);
      expect(
        await page.getByRole('heading', { level: 1, name: 'Welcome, Joseph Redcloud' }).isVisible(),
      ).toBe(true);
      if (i > 0) times.push(at);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `home first render (navigation start → "Welcome, …" heading), ${RUNS} runs: ` +
        `p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms ` +
        `(all: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`,
    );
  });

  it('keeps the JavaScript loaded at start within 250 KB gzip and lists the lazy chunks', () => {
    const html = readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
    const main = /<script[^>]+src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(main).toBeDefined();
    // Chunks the entry imports statically are preloaded with it: they count as start-up code.
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]+href="\/(assets\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    const raw = (file: string) => readFileSync(path.join(CLIENT, file)).length;
    const gz = (file: string) => gzipSync(readFileSync(path.join(CLIENT, file)), { level: 9 }).length;
    const startup = [main!, ...preloaded];
    const startupGz = startup.reduce((n, f) => n + gz(f), 0);
    const lazy = readdirSync(path.join(CLIENT, 'assets'))
      .map((f) => `assets/${f}`)
      .filter((f) => f.endsWith('.js') && !startup.includes(f));
    console.log(
      [
        `main chunk ${main}: ${kb(raw(main!))} raw, ${kb(gz(main!))} gzip`,
        ...preloaded.map((f) => `  preloaded with it ${f}: ${kb(raw(f))} raw, ${kb(gz(f))} gzip`),
        `JavaScript at start: ${kb(startupGz)} gzip (limit ${kb(MAIN_CHUNK_LIMIT)})`,
        ...lazy.map((f) => `  lazy ${f}: ${kb(raw(f))} raw, ${kb(gz(f))} gzip`),
      ].join('\n'),
    );
    expect(startupGz).toBeLessThanOrEqual(MAIN_CHUNK_LIMIT);
  });

  it('sends the JavaScript at start compressed: under 250 KB on the wire', async () => {
    const html = readFileSync(path.join(CLIENT, 'index.html'), 'utf8');
    const startup = [
      ...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g),
      ...html.matchAll(/<link rel="modulepreload"[^>]+href="(\/assets\/[^"]+\.js)"/g),
    ].map((m) => m[1]!);
    // What Chromium counts as received for each response (headers and encoded body), with its
    // cache off so every file crosses the wire.
    const cdp = await context.newCDPSession(page);
    const urls = new Map<string, { url: string; encoding: string }>();
    const wire = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => {
      const h = e.response.headers;
      urls.set(e.requestId, {
        url: new URL(e.response.url).pathname,
        encoding: h['content-encoding'] ?? h['Content-Encoding'] ?? 'none',
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = urls.get(e.requestId);
      if (r) wire.set(r.url, e.encodedDataLength);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(app.server.url + '/');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Joseph Redcloud' }).waitFor();
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
    const byUrl = new Map([...urls.values()].map((r) => [r.url, r.encoding]));
    const onWire = startup.reduce((n, f) => n + (wire.get(f) ?? 0), 0);
    const allJs = [...wire].filter(([u]) => u.endsWith('.js'));
    console.log(
      [
        ...startup.map((f) => `  start ${f}: ${kb(wire.get(f) ?? 0)} on the wire (${byUrl.get(f)})`),
        `JavaScript at start on the wire: ${kb(onWire)} (limit ${kb(MAIN_CHUNK_LIMIT)}); ` +
          `all JavaScript until the home view: ${kb(allJs.reduce((n, [, b]) => n + b, 0))} in ${allJs.length} files`,
      ].join('\n'),
    );
    for (const f of startup) {
      expect(wire.get(f), f).toBeGreaterThan(0);
      // Files under 1 KB have no compressed copy (scripts/precompress.mjs): they go out plain.
      expect(byUrl.get(f), f).toBe(existsSync(path.join(CLIENT, f + '.br')) ? 'br' : 'none');
    }
    expect(onWire).toBeLessThanOrEqual(MAIN_CHUNK_LIMIT);
  });
});
