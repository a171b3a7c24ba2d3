import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidPmtiles } from '../src/modules/spatial/test/pmtiles-fixture';
import { newContext, screenshotOnFailure, setDark, shot, signIn, startApp, type E2EApp } from './helpers/app';

// A local PMTiles basemap (issue 15 "A local PMTiles basemap file can be configured"): the
// server is given a tiny archive made here (one magenta raster tile, no downloads), and the map
// reads it through the server's range route with the `pmtiles` protocol: the requests are byte
// ranges answered 206, and the tile's colour is what the map shows between the places.

const OFFICER = 'lands.officer@riverbend.example';
const TILE: [number, number, number] = [200, 40, 160];
const PHONE = { width: 390, height: 844 };

let app: E2EApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-pmtiles-'));
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const file = path.join(dir, 'basemap.pmtiles');
  writeFileSync(file, solidPmtiles(TILE));
  app = await startApp({ mapPmtilesFile: file });
}, 120_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The share of the map's pixels that are the tile's colour. */
async function tileShare(page: Page): Promise<number> {
  return page.evaluate(([r, g, b]) => {
    const gl = document.querySelector<HTMLCanvasElement>('[data-testid="spatial-map-canvas"] canvas');
    if (!gl) return -1;
    const c = document.createElement('canvas');
    c.width = gl.width;
    c.height = gl.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(gl, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4)
      if (Math.abs(d[i]! - r!) + Math.abs(d[i + 1]! - g!) + Math.abs(d[i + 2]! - b!) < 30) n++;
    return n / (d.length / 4);
  }, TILE);
}

describe('the map over a local PMTiles basemap', () => {
  it('reads the archive by byte ranges from the server and draws its tile', async () => {
    const c = await newContext(app);
    contexts.push(c);
    const page = await c.newPage();
    const ranges: { range: string | undefined; status: number }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/spatial/basemap.pmtiles'))
        ranges.push({ range: r.request().headers().range, status: r.status() });
    });
    await signIn(page, app.server.url, OFFICER);
    await page.goto(`${app.server.url}/spatial.map`);
    await page.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => tileShare(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect(ranges.length).toBeGreaterThan(0);
    for (const r of ranges) {
      expect(r.range).toMatch(/^bytes=\d+-\d+$/);
      expect(r.status).toBe(206);
    }
    await shot(page, 'spatial-basemap-light');
    await setDark(page, true);
    await page.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => tileShare(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await shot(page, 'spatial-basemap-dark');
    await setDark(page, false);
  });

  it('on a phone too', async () => {
    const c = await newContext(app, { viewport: PHONE });
    contexts.push(c);
    const page = await c.newPage();
    await signIn(page, app.server.url, OFFICER);
    await page.goto(`${app.server.url}/spatial.map`);
    await page.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => tileShare(page), { timeout: 20_000 }).toBeGreaterThan(0.3);
    await shot(page, 'spatial-basemap-phone');
  });

  it('the archive is refused to a browser that is not signed in', async () => {
    const c = await newContext(app);
    contexts.push(c);
    const page = await c.newPage();
    const r = await page.request.get(`${app.server.url}/api/spatial/basemap.pmtiles`, {
      headers: { range: 'bytes=0-126' },
    });
    expect(r.status()).toBe(401);
  });
});
