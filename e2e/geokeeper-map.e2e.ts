import { mkdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  downloadFromHelpMenu,
  cell,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// Field data on the map (issue 20): the lands officer opens the demo's Beaver Creek program and
// shows its field data on the map (near -120.74, 56.20, on the plain background: no tiles are
// reachable), the records in their work item's colour with a legend; a click on a record's marker
// opens the record. He exports the program's data as CSV with repeat groups and opens the zip.
// The proponent may not open the program, and no map or export is offered him. Screenshots light,
// dark and phone go to SHOTS to be looked at.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const MONITOR = 'member@riverbend.example';
const PROGRAM = 'Beaver Creek culvert monitoring';
const RECORDS = [
  'Water sample below the culvert',
  'Moose tracks on the right-of-way',
  'Silt fence down at the east bank',
];
const SHOTS = process.env.GEOKEEPER_SHOTS ?? '/tmp/shots-geokeeper';

let app: E2EApp;
const contexts: BrowserContext[] = [];
let page: Page;
let programUrl = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A style URL nothing answers: the map must draw on its plain background.
  app = await startApp({ mapStyleUrl: 'http://127.0.0.1:9/style.json' });
  page = await person(OFFICER);
}, 180_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(email: string): Promise<Page> {
  const c = await newContext(app);
  contexts.push(c);
  const p = await c.newPage();
  await signIn(p, app.server.url, email);
  return p;
}

const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/${name}.png` });

async function openProgram(p: Page) {
  await p.goto(`${app.server.url}/geokeeper.private`);
  const list = cell(p, 'My programs');
  await list
    .getByRole('link', { name: new RegExp(PROGRAM) })
    .first()
    .click({ timeout: 20_000 });
  await p.getByRole('heading', { level: 2, name: new RegExp(PROGRAM) }).waitFor({ timeout: 20_000 });
  programUrl = p.url();
}

async function showMap(p: Page) {
  const section = p.getByTestId('geokeeper-program-data');
  await section.getByRole('button', { name: 'Show on map' }).click();
  await p.locator('[data-testid="geokeeper-map"][data-done="true"]').waitFor({ timeout: 30_000 });
  await p.locator('[data-testid="geokeeper-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
  await p.getByTestId('geokeeper-map-canvas').scrollIntoViewIfNeeded();
}

/**
 * Where on the page a record's marker is: the centre of a solid 9×9 block of the colour (a record
 * is a filled disc; a trip's line and a work item's ring are too thin for such a block).
 */
async function markerOf(p: Page, colour: string): Promise<{ x: number; y: number; count: number } | null> {
  await p.waitForTimeout(500);
  return p.evaluate((hex) => {
    const gl = document.querySelector<HTMLCanvasElement>('[data-testid="geokeeper-map-canvas"] canvas');
    if (!gl) return null;
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const c = document.createElement('canvas');
    c.width = gl.width;
    c.height = gl.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(gl, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const near = (x: number, y: number) => {
      const i = (y * c.width + x) * 4;
      return (
        Math.abs(d[i]! - want[0]!) + Math.abs(d[i + 1]! - want[1]!) + Math.abs(d[i + 2]! - want[2]!) < 30
      );
    };
    let count = 0;
    let found: { x: number; y: number } | null = null;
    for (let y = 4; y < c.height - 4; y++)
      for (let x = 4; x < c.width - 4; x++) {
        if (!near(x, y)) continue;
        count++;
        if (found) continue;
        let solid = true;
        for (let dy = -4; dy <= 4 && solid; dy++)
          for (let dx = -4; dx <= 4 && solid; dx++) solid = near(x + dx, y + dy);
        if (solid) found = { x, y };
      }
    if (!found) return { x: -1, y: -1, count };
    const r = gl.getBoundingClientRect();
    return { x: r.left + (found.x * r.width) / c.width, y: r.top + (found.y * r.height) / c.height, count };
  }, colour);
}

/** Pixels of a map's canvas that differ from its plain background: what it drew. */
async function drawnPixels(p: Page, testId: string): Promise<number> {
  await p.waitForTimeout(500);
  return p.evaluate((id) => {
    const gl = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"] canvas`);
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
  }, testId);
}

/** The legend's colour of a work item (its swatch's fill), as #rrggbb. */
async function legendColour(p: Page): Promise<string> {
  const rgb = await p
    .getByTestId('geokeeper-legend-item')
    .first()
    .locator('span')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
  return `#${[r, g, b].map((n) => n!.toString(16).padStart(2, '0')).join('')}`;
}

describe('field data on the map, as the lands officer', () => {
  it('draws the program’s records in their work item’s colour, with a legend', async () => {
    await openProgram(page);
    await showMap(page);
    // Three records, the trip's walked line, the work item's place and the reference.
    expect(await page.getByTestId('geokeeper-map').getAttribute('data-count')).toBe('6');
    const legend = page.getByRole('region', { name: 'Legend' });
    await expect.poll(() => legend.innerText()).toContain('Weekly walk of the Beaver Creek culvert');
    expect(await legend.innerText()).toContain('Reference');
    const listed = page.getByRole('list', { name: 'On the map' }).getByRole('button');
    // The trip (its walked line) and its three records, each a button that opens it.
    expect((await listed.allTextContents()).sort()).toEqual([...RECORDS, 'Culvert walk, 14 October'].sort());
    const colour = await legendColour(page);
    await expect
      .poll(async () => (await markerOf(page, colour))?.count ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(100);
    await shot(page, 'geokeeper-map-light');
    await axeCheck(page, 'geokeeper map');
  });

  it('opens a record when its marker is clicked', async () => {
    const at = await markerOf(page, await legendColour(page));
    expect(at && at.x >= 0).toBe(true);
    await page.mouse.click(at!.x, at!.y);
    await page
      .getByRole('heading', { level: 2, name: new RegExp(RECORDS.join('|')) })
      .waitFor({ timeout: 20_000 });
  });

  it('is drawn in dark mode and fits a phone', async () => {
    await page.goto(programUrl);
    await setDark(page, true);
    await page.getByRole('heading', { level: 2, name: new RegExp(PROGRAM) }).waitFor({ timeout: 20_000 });
    await showMap(page);
    const colour = await legendColour(page);
    await expect
      .poll(async () => (await markerOf(page, colour))?.count ?? 0, { timeout: 15_000 })
      .toBeGreaterThan(100);
    await shot(page, 'geokeeper-map-dark');
    await axeCheck(page, 'geokeeper map, dark');
    await setDark(page, false);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(programUrl);
    await page
      .getByRole('heading', { level: 2, name: new RegExp(PROGRAM) })
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 20_000 });
    await showMap(page);
    await page.getByTestId('geokeeper-map').scrollIntoViewIfNeeded();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'geokeeper-map-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('exports the program as CSV with repeat groups; the zip opens', async () => {
    await page.goto(programUrl);
    const section = page.getByTestId('geokeeper-program-data');
    await section.getByRole('button', { name: 'Export field data' }).click({ timeout: 20_000 });
    await page.getByRole('menuitem', { name: 'CSV with repeat groups (zip)' }).waitFor();
    await shot(page, 'geokeeper-export-menu');
    await page.getByRole('menuitem', { name: 'CSV with repeat groups (zip)' }).click();
    await page.getByText('The export has started.', { exact: false }).waitFor();
    const file = await downloadFromHelpMenu(page, 'Download Field data export');
    expect(file.suggestedFilename()).toBe('field-data-csv.zip');
    const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    const records = strFromU8(files['records.csv']!);
    for (const r of RECORDS) expect(records).toContain(r);
    expect(records.split('\r\n')[0]).toMatch(/^id,label,formType,trip,workItem,workItemLabel,/);
  }, 90_000);
});

describe('the search page’s MAP mode, as the monitor', () => {
  it('draws his field data from “My field data” (spatial’s MAP mode, through the policy)', async () => {
    const p = await person(MONITOR);
    await p.goto(`${app.server.url}/geokeeper.my-data`);
    const list = cell(p, 'My field data');
    await list.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Map' }).click({
      timeout: 20_000,
    });
    const map = list.locator('[data-testid="search-map"][data-done="true"]');
    await map.waitFor({ timeout: 30_000 });
    // His trip and its three records, each with a place.
    expect(await map.getAttribute('data-count')).toBe('4');
    await list.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => drawnPixels(p, 'spatial-map-canvas'), { timeout: 15_000 }).toBeGreaterThan(30);
    await shot(p, 'geokeeper-search-map');
  });
});

describe('field data on the map, as the proponent', () => {
  it('cannot open the program: no map and no export', async () => {
    const p = await person(PROPONENT);
    expect(programUrl).toContain('GeoKeeperProgram-');
    await p.goto(programUrl.replace(/^https?:\/\/[^/]+/, app.server.url));
    await p
      .getByText(/do not have access|does not exist/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await p.getByTestId('geokeeper-program-data').count()).toBe(0);
    expect(await p.getByText(PROGRAM).count()).toBe(0);
  });
});
