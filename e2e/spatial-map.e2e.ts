import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import {
  cell,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// The map (issue 15 "The map: spatial.map"): with no tiles reachable (the style URL points
// nowhere) every readable place is still drawn; the layer tree opens a branch, pages with "Show
// more" and hides a layer; a place opens in a cell; and an outsider's open map never shows a
// hidden site, also when an editor hides one while it is open or maps a new hidden one.

const OFFICER = 'lands.officer@riverbend.example';
const MEMBER = 'member@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PHONE = { width: 390, height: 844 };
const HIDDEN = ['Crane Hill burial ground', 'Grandmother Rock'];

let app: E2EApp;
const contexts: BrowserContext[] = [];
const axeReport: string[] = [];

beforeAll(async () => {
  // Port 9 (discard) refuses: the basemap style cannot be fetched, as in an office offline.
  app = await startApp({ mapStyleUrl: 'http://127.0.0.1:9/style.json' });
}, 120_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  if (axeReport.length) console.log(axeReport.join('\n'));
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, viewport ? { viewport } : {});
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, email);
  return page;
}

const mapOf = (page: Page) => page.getByTestId('spatial-map');
const places = (page: Page) => page.getByTestId('spatial-places').getByRole('listitem');
const placeNames = async (page: Page) => (await places(page).allInnerTexts()).map((s) => s.trim()).sort();

async function openMap(page: Page) {
  await page.goto(`${app.server.url}/spatial.map`);
  await mapOf(page).and(page.locator('[data-done="true"]')).waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
}

/** Pixels of the canvas that differ from the plain background: the drawn places. */
async function drawnPixels(page: Page): Promise<number> {
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const gl = document.querySelector<HTMLCanvasElement>('[data-testid="spatial-map-canvas"] canvas');
    if (!gl) return -1;
    const c = document.createElement('canvas');
    c.width = gl.width;
    c.height = gl.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(gl, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const [r0, g0, b0] = [d[0]!, d[1]!, d[2]!];
    let n = 0;
    for (let i = 0; i < d.length; i += 4)
      if (Math.abs(d[i]! - r0) + Math.abs(d[i + 1]! - g0) + Math.abs(d[i + 2]! - b0) > 60) n++;
    return n;
  });
}

describe('the map of a lands officer', () => {
  let page: Page;

  it('draws every place over the plain background with no tiles reachable', async () => {
    page = await person(OFFICER);
    await openMap(page);
    await expect.poll(() => drawnPixels(page), { timeout: 15_000 }).toBeGreaterThan(30);
    const names = await placeNames(page);
    // 31 sites less the two hidden from him, the DRAFT and the ARCHIVED; 3 trap lines; 4 areas.
    expect(names).toHaveLength(34);
    expect(names).toContain('Trap line 7 (Willow Creek)');
    for (const h of HIDDEN) expect(names).not.toContain(h);
    expect(names).not.toContain('Birch Point camp (proposed)');
    await expect.poll(() => page.getByTestId('spatial-legend').innerText()).toContain('Trap line');
    await shot(page, 'spatial-map-light');
  });

  it('opens a branch of the layer tree, shows more, and hides a layer', async () => {
    const tree = page.getByRole('tree', { name: 'Layers' });
    const sites = tree.getByRole('treeitem', { name: 'Traditional-use sites', exact: true });
    await sites.waitFor();
    expect(await sites.getAttribute('aria-expanded')).toBe('false');
    await sites.getByText('Traditional-use sites', { exact: true }).click();
    expect(await sites.getAttribute('aria-expanded')).toBe('true');
    const children = sites.getByRole('group').getByRole('treeitem');
    await expect.poll(() => children.count()).toBe(25);
    await sites.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => children.count()).toBe(27);
    expect(await sites.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    // The keyboard: the focused branch closes with the left arrow.
    await sites.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await sites.getAttribute('aria-expanded')).toBe('false');

    await page.getByRole('checkbox', { name: 'Show Trap lines on the map' }).uncheck();
    await expect.poll(() => placeNames(page)).not.toContain('Trap line 7 (Willow Creek)');
    expect(await placeNames(page)).toHaveLength(31);
    await page.getByRole('checkbox', { name: 'Show Trap lines on the map' }).check();
    await expect.poll(async () => (await placeNames(page)).length).toBe(34);
  });

  it('opens a place in a cell', async () => {
    await page.getByTestId('spatial-places').getByRole('button', { name: 'Spruce Bend camp' }).click();
    await cell(page, 'Spruce Bend camp').waitFor();
  });

  it('shows the places list as a map (the search page’s MAP mode)', async () => {
    await page.goto(`${app.server.url}/spatial.features`);
    const list = cell(page, 'Places');
    await list.waitFor();
    await list.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Map' }).click();
    await list.locator('[data-testid="search-map"][data-done="true"]').waitFor({ timeout: 30_000 });
    await list.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => drawnPixels(page), { timeout: 15_000 }).toBeGreaterThan(30);
    const names = (await list.getByTestId('spatial-places').getByRole('listitem').allInnerTexts()).map((x) =>
      x.trim(),
    );
    expect(names).toHaveLength(34);
    for (const h of HIDDEN) expect(names).not.toContain(h);
    await shot(page, 'spatial-search-map');
    // A type without a geometry is not offered the map.
    await page.goto(`${app.server.url}/search`);
    await page.getByRole('group', { name: 'Show results as' }).waitFor();
    expect(
      await page.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Map' }).count(),
    ).toBe(0);
  });

  it('reads well in dark mode and passes axe in both', async () => {
    await page.goto(`${app.server.url}/spatial.map`);
    await openMap(page);
    await axeCheck(page, 'spatial-map-axe-light', axeReport);
    await setDark(page, true);
    await openMap(page);
    await expect.poll(() => drawnPixels(page), { timeout: 15_000 }).toBeGreaterThan(30);
    await axeCheck(page, 'spatial-map-axe-dark', axeReport);
    await shot(page, 'spatial-map-dark');
    await setDark(page, false);
  });

  it('fits a phone, with the tree in a drawer', async () => {
    const phone = await person(OFFICER, PHONE);
    await openMap(phone);
    expect(await fitsWidth(phone)).toBe(true);
    await expect.poll(() => drawnPixels(phone), { timeout: 15_000 }).toBeGreaterThan(30);
    await shot(phone, 'spatial-map-phone');
    await phone.getByRole('button', { name: 'Layers' }).click();
    await phone.getByRole('tree', { name: 'Layers' }).getByRole('treeitem', { name: 'Trap lines' }).waitFor();
    // The drawer slides in; the shot is of it open.
    await phone.waitForTimeout(500);
    await shot(phone, 'spatial-map-phone-drawer');
  });
});

describe('an outsider’s map', () => {
  it('the proponent sees no Riverbend place at all', async () => {
    const page = await person(PROPONENT);
    await page.goto(`${app.server.url}/spatial.map`);
    // Not a Spatial organisation's person: the map is not theirs to open, or is empty.
    await page.waitForTimeout(1500);
    const body = await page.locator('body').innerText();
    for (const h of HIDDEN) expect(body).not.toContain(h);
    expect(body).not.toContain('Moose lick at Willow Creek');
  });

  it('a member never sees a hidden site, also when one is hidden or added while the map is open', async () => {
    const page = await person(MEMBER);
    await openMap(page);
    const before = await placeNames(page);
    expect(before).toContain('Moose lick at Willow Creek');
    for (const h of HIDDEN) expect(before).not.toContain(h);

    const items = app.server.app.services.items;
    const search = app.server.app.services.search;
    const [moose] = (
      await search.search(SYSTEM, { must: { _t: ['SpatialFeature'], label: ['Moose lick at Willow Creek'] } })
    ).ids;
    const row = await items.read(SYSTEM, moose!);
    const officer = (await loadPrincipal(items.db, row._c.$id!))!;
    await items.update(officer, { $id: moose!, $version: row.$version, $access: 'PRIVATE' });
    await expect
      .poll(() => placeNames(page), { timeout: 10_000 })
      .not.toContain('Moose lick at Willow Creek');

    await items.create(officer, 'SpatialFeature', {
      label: 'Newly mapped sacred spring',
      collection: row.collection,
      geometry: { type: 'Point', coordinates: [-120.77, 56.2] },
      state: 'ACTIVE',
      $access: 'PRIVATE',
    });
    await items.create(officer, 'SpatialFeature', {
      label: 'New berry camp',
      collection: row.collection,
      geometry: { type: 'Point', coordinates: [-120.6, 56.1] },
      state: 'ACTIVE',
      $access: 'COMMUNITY',
    });
    // The visible one arrives; the hidden one, sent before it, never does.
    await expect.poll(() => placeNames(page), { timeout: 10_000 }).toContain('New berry camp');
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Newly mapped sacred spring');
    for (const h of HIDDEN) expect(text).not.toContain(h);
    await shot(page, 'spatial-map-member');
  });
});
