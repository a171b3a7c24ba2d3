import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  downloadFromHelpMenu,
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
import { SYSTEM } from '../src/server/access/principal';
import { kml, type Place, shapefile } from '../src/modules/spatial/test/io-fixtures';

// GIS import and export in the browser (issue 15 "Import and export"): the lands officer imports
// a zipped shapefile and a KML into a layer from its record's menu, sees the progress and the
// summary (what was left out and why), finds the places listed; then exports the places as
// GeoJSON from the search page and opens the downloaded file. The dialogs in light, dark and phone.

const OFFICER = 'lands.officer@riverbend.example';
const PHONE = { width: 390, height: 844 };
const LAYER = 'Harvest sites (e2e)';

let app: E2EApp;
let layer: string;
const contexts: BrowserContext[] = [];

const wells: Place[] = Array.from({ length: 1500 }, (_, i) => ({
  geometry: { type: 'Point', coordinates: [-101 + (i % 50) * 0.01, 53 + Math.floor(i / 50) * 0.01] },
  properties: { name: `Well ${i + 1}`, depth: i % 40 },
}));
const camps: Place[] = [
  {
    geometry: { type: 'Point', coordinates: [-101.4, 53.6] },
    properties: { name: 'Spring camp', season: 'spring' },
  },
  {
    geometry: { type: 'Point', coordinates: [-101.5, 53.7] },
    properties: { name: 'Fall camp', season: 'fall' },
  },
];

beforeAll(async () => {
  app = await startApp();
  const s = app.server.app.services;
  const org = (
    await s.search.search(SYSTEM, {
      must: { _t: ['Organization'], $text: ['Riverbend'] },
      facets: [],
      labels: false,
    })
  ).ids[0]!;
  const row = await s.items.read(SYSTEM, org);
  const caps = Array.isArray(row.capabilities) ? (row.capabilities as string[]) : [];
  if (!caps.includes('Spatial'))
    await s.items.update(SYSTEM, { $id: org, $version: row.$version, capabilities: [...caps, 'Spatial'] });
  layer = (
    await s.items.create(
      SYSTEM,
      'SpatialCollection',
      { label: LAYER, state: 'ACTIVE' },
      { owner: org, access: 'COMMUNITY' },
    )
  ).$id;
}, 120_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
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

async function openImport(page: Page) {
  await page.goto(`${app.server.url}/i-${layer}`);
  const record = cell(page, LAYER);
  await record.waitFor();
  await record.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Import places…' }).click();
  const dialog = page.getByRole('dialog', { name: `Import places into ${LAYER}` });
  await dialog.waitFor();
  return dialog;
}

async function importFile(page: Page, name: string, buffer: Buffer, format: string, shotName?: string) {
  const dialog = await openImport(page);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await dialog.getByText(name, { exact: true }).waitFor();
  await expect.poll(() => dialog.getByRole('combobox', { name: 'Format' }).textContent()).toBe(format);
  if (shotName) {
    await page.waitForTimeout(400);
    await shot(page, shotName);
  }
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // The progress shows while the file goes up and the server reads it.
  await dialog.getByRole('progressbar').first().waitFor({ timeout: 10_000 });
  // Long on a loaded 2-core machine (1,500 places through the item service).
  await dialog.getByText('Import finished').waitFor({ timeout: 150_000 });
  return dialog;
}

describe('GIS import and export', () => {
  it('imports a zipped shapefile and a KML with progress; the places are then listed', async () => {
    const page = await person(OFFICER);
    let dialog = await importFile(
      page,
      'wells.zip',
      Buffer.from(shapefile(wells, 'wells')),
      'Shapefile (zipped)',
      'spatial-io-import-chosen',
    );
    await dialog.getByText('wells_points: 1500 of 1500 places imported').waitFor();
    await dialog.getByText('Nothing was left out.').waitFor();
    await shot(page, 'spatial-io-import-done');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A KML with a placemark that has no shape: left out, and said why.
    const text = new TextDecoder()
      .decode(kml(camps))
      .replace('</Document>', '<Placemark><name>Lost</name></Placemark></Document>');
    dialog = await importFile(page, 'camps.kml', Buffer.from(text), 'KML');
    await dialog.getByText('camps: 2 of 3 places imported').waitFor();
    await dialog.getByText('No shape — place 3').waitFor();
    await shot(page, 'spatial-io-import-skipped');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${app.server.url}/spatial.features`);
    const list = cell(page, 'Places');
    await list.getByRole('searchbox', { name: 'Search in this list' }).fill('Spring camp');
    await list.getByText('Spring camp').first().waitFor();
    await list.getByRole('searchbox', { name: 'Search in this list' }).fill('Well 1499');
    await list.getByText('Well 1499').first().waitFor();
  }, 360_000);

  it('a broken file: the error names the file and the part, nothing imported', async () => {
    const page = await person(OFFICER);
    const dialog = await openImport(page);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'broken.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from('<kml><Document><Placemark>'),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog
      .getByText('broken.kml is not well-formed XML. Check that the file is complete.')
      .waitFor({ timeout: 30_000 });
    await dialog.getByText('Nothing was imported.').waitFor();
    // One error: the dialog's own, not also the app's alert for the failed task.
    await page.waitForTimeout(1000);
    expect(await page.getByText('broken.kml is not well-formed XML', { exact: false }).count()).toBe(1);
    await shot(page, 'spatial-io-import-error');
  }, 60_000);

  it('exports the places found as GeoJSON; the download opens back', async () => {
    const page = await person(OFFICER);
    await page.goto(`${app.server.url}/spatial.features`);
    const list = cell(page, 'Places');
    await list.getByRole('searchbox', { name: 'Search in this list' }).fill('camp');
    await list.getByText('Fall camp').first().waitFor();
    await list.getByRole('button', { name: 'Export map file' }).click();
    await page.getByRole('menuitem', { name: 'GeoJSON (.geojson)' }).waitFor();
    await shot(page, 'spatial-io-export-menu');
    await page.getByRole('menuitem', { name: 'GeoJSON (.geojson)' }).click();
    await page.getByText('The export has started. Follow it in the Help menu.').waitFor();
    const file = await downloadFromHelpMenu(page, 'Download Map file export');
    expect(file.suggestedFilename()).toBe('features.geojson');
    const fc = JSON.parse(readFileSync((await file.path())!, 'utf8')) as {
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    const names = fc.features.map((f) => f.properties.name).sort();
    // What the search found, no more: the test's two camps and the demo layers' camps.
    expect(names).toEqual(expect.arrayContaining(['Fall camp', 'Spring camp']));
    expect(names.every((n) => /camp/i.test(String(n)))).toBe(true);
    const spring = fc.features.find((f) => f.properties.name === 'Spring camp')!;
    expect(spring.geometry.coordinates).toEqual([-101.4, 53.6]);
    expect(spring.properties.season).toBe('spring');
  }, 90_000);

  it('the import dialog in dark mode and on a phone', async () => {
    const dark = await person(OFFICER);
    await setDark(dark, true);
    const d = await openImport(dark);
    await d
      .locator('input[type=file]')
      .setInputFiles({ name: 'camps.kml', mimeType: 'text/xml', buffer: Buffer.from(kml(camps)) });
    await d.getByRole('button', { name: 'Import', exact: true }).isEnabled();
    await dark.waitForTimeout(400); // the button's colour transition
    await shot(dark, 'spatial-io-import-dark');
    const phone = await person(OFFICER, PHONE);
    const p = await openImport(phone);
    await p.locator('input[type=file]').setInputFiles({
      name: 'a-very-long-file-name-of-harvest-sites-2026.geojson',
      mimeType: 'application/json',
      buffer: Buffer.from('{}'),
    });
    await phone.waitForTimeout(400);
    await shot(phone, 'spatial-io-import-phone');
    expect(await fitsWidth(phone)).toBe(true);
  }, 60_000);
});
