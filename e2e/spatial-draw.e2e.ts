import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cell,
  cellAt,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';
import { SYSTEM } from '../src/server/access/principal';

// The geometry field editor (issue 15, part "draw") in the consultation's guided form: a project
// area drawn by clicking on the map, pasted, or read from a file; a bad shape named on the field
// with nothing lost; the stored ConsultProjectFeature holding what was drawn; the record's read
// view (a small map and the summary); axe in light and dark; a phone's width.

const PROPONENT = 'proponent@northernpipeline.example';
const PHONE = { width: 390, height: 844 };

let app: E2EApp;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
});

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

/** Opens the guided form and walks to its project area step. */
async function toAreaStep(page: Page, name: string): Promise<Locator> {
  await page.goto(`${app.server.url}/consult.projects`);
  await cell(page, 'Consultations').getByRole('button', { name: 'New Consultation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New consultation' });
  await dialog.getByText('Step 1 of 9: Project').waitFor();
  await dialog.getByRole('textbox', { name: /^Project name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Step 2 of 9: Proponent').waitFor();
  await dialog.getByRole('combobox', { name: /Proponent contacts/ }).click();
  await page.getByRole('option').first().click();
  for (const s of ['Supporting', 'Dates', 'Details', 'Project area']) {
    const step = dialog.getByText(new RegExp(`Step \\d of 9: ${s}`));
    // A step's lazy fields (the date pickers) may still be arriving: Next again until it moves.
    for (let tries = 0; ; tries++) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      const moved = await step.waitFor({ timeout: 4000 }).then(
        () => true,
        () => false,
      );
      if (moved) break;
      if (tries === 2) throw new Error(`the guided form did not reach ${s}`);
    }
  }
  // The first map of a server process waits for the built-in basemap's first tiles, which read
  // the packages first (server/basemap/tiles.ts): seconds on a busy machine.
  await dialog.locator('[data-geometry-map="ready"]').waitFor({ timeout: 60_000 });
  return dialog;
}

/** Picks the community, saves the draft, and gives the new consultation's id. */
async function saveDraft(page: Page, dialog: Locator): Promise<string> {
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Step 7 of 9: Community').waitFor();
  await dialog.getByRole('combobox', { name: /Submitted to/ }).click();
  await page
    .getByRole('option', { name: /Riverbend/ })
    .first()
    .click();
  // The duplicate and overlap check before the draft is saved.
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Step 8 of 9: Check').waitFor();
  await dialog.locator('[data-testid="consult-intake-check"][aria-busy="false"]').waitFor();
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await dialog.getByText('Step 9 of 9: Files').waitFor();
  // Done once the files step has settled (its uploader arrives lazily and moves the buttons).
  await dialog.getByText('Drop files here, or').waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await cellAt(page, 1).getByRole('region', { name: 'Consultation summary' }).waitFor();
  const seg = new URL(page.url()).pathname.split('/').find((s) => s.startsWith('i-Consultation-'))!;
  return seg.slice(2).split('~')[0]!;
}

async function projectAreas(consultation: string): Promise<Record<string, unknown>[]> {
  const found = await app.server.app.services.search.search(SYSTEM, {
    must: { _t: ['ConsultProjectFeature'], consultation: [consultation] },
    max: 10,
  });
  return Promise.all(found.ids.map((i) => stored(app, i)));
}

const summary = (dialog: Locator) => dialog.locator('[data-geometry-summary]');

describe('the geometry editor in the guided form', () => {
  it('draws a project area by clicking on the map, and stores that polygon', async () => {
    const page = await person(PROPONENT);
    const dialog = await toAreaStep(page, 'Drawn access road');
    const editor = dialog.locator('[data-geometry-editor]');
    // The mode buttons are real buttons with their pressed state; an area is drawn first.
    const area = editor.getByRole('button', { name: 'Draw an area' });
    expect(await area.getAttribute('aria-pressed')).toBe('true');
    expect(await editor.getByRole('button', { name: 'Draw a line' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await expect(summary(dialog).innerText()).resolves.toBe('No shape yet');

    const canvas = editor.locator('canvas');
    expect(await canvas.getAttribute('aria-label')).toMatch(/^Map: /);
    const box = (await canvas.boundingBox())!;
    const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
    const corners = [at(0.3, 0.3), at(0.7, 0.3), at(0.7, 0.7), at(0.3, 0.7)];
    for (const c of corners) {
      await page.mouse.move(c.x, c.y, { steps: 4 });
      await page.mouse.click(c.x, c.y);
    }
    // Closing on the first corner finishes the area.
    await page.mouse.move(corners[0]!.x, corners[0]!.y, { steps: 4 });
    await page.mouse.click(corners[0]!.x, corners[0]!.y);
    await expect.poll(() => summary(dialog).innerText()).toMatch(/^Area, 4 points, [\d.,]+ (km²|ha)$/);
    await shot(page, 'spatial-draw-drawn');

    const id = await saveDraft(page, dialog);
    const areas = await projectAreas(id);
    expect(areas).toHaveLength(1);
    const g = areas[0]!.geometry as { type: string; coordinates: number[][][] };
    expect(g.type).toBe('Polygon');
    expect(g.coordinates[0]).toHaveLength(5);
    expect(g.coordinates[0]![0]).toEqual(g.coordinates[0]![4]);
    expect(areas[0]!.label).toBe('Project area 1');
  });

  it('names a bad pasted shape on the field and keeps the text; pastes and reads files', async () => {
    const page = await person(PROPONENT);
    const dialog = await toAreaStep(page, 'Pasted pipeline spur');
    const paste = dialog.getByRole('textbox', { name: 'Paste GeoJSON' });

    // An open ring: the server's own words, on the field, and the text is still there.
    const open = '{"type":"Polygon","coordinates":[[[-110,55],[-109.9,55],[-109.9,55.1],[-110,55.1]]]}';
    await paste.fill(open);
    const ring = 'An area’s outline must close on its first point (at least 4 points)';
    await dialog.getByText(ring).waitFor();
    expect(await paste.inputValue()).toBe(open);
    expect(await paste.getAttribute('aria-invalid')).toBe('true');
    const described = (await paste.getAttribute('aria-describedby'))!.split(' ');
    const texts = await Promise.all(described.map((d) => page.locator(`[id="${d}"]`).innerText()));
    expect(texts).toContain(ring);
    await shot(page, 'spatial-draw-error');
    // Next cannot pass it by.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 6 of 9: Project area').waitFor();
    await dialog.getByText(ring).waitFor();
    expect(await paste.inputValue()).toBe(open);

    // Out of range.
    await paste.fill('{"type":"Point","coordinates":[200,55]}');
    await dialog.getByText('A coordinate is outside longitude −180…180 or latitude −90…90').waitFor();

    // A FeatureCollection of one feature is its geometry; the view fits it.
    const line = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [-110, 55],
              [-110, 55.01],
              [-110, 55.02],
            ],
          },
        },
      ],
    };
    await paste.fill(JSON.stringify(line));
    await expect.poll(() => summary(dialog).innerText()).toMatch(/^Line, 3 points, 2\.2 km$/);
    expect(await dialog.getByText(ring).count()).toBe(0);

    // A KML file of two placemarks' areas: read in the browser, joined into one value.
    const poly = (x: number) =>
      `<Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>${x},55 ${x + 0.01},55 ${x + 0.01},55.01 ${x},55.01 ${x},55</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`;
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${poly(-110)}${poly(-109.9)}</Document></kml>`;
    await dialog.locator('[data-geometry-file]').setInputFiles({
      name: 'pads.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from(kml),
    });
    await expect.poll(() => summary(dialog).innerText()).toMatch(/^2 areas, 8 points, /);

    // A GeoJSON file replaces it.
    await dialog.locator('[data-geometry-file]').setInputFiles({
      name: 'camp.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(
        JSON.stringify({
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-110, 55],
                [-109.99, 55],
                [-109.99, 55.01],
                [-110, 55],
              ],
            ],
          },
        }),
      ),
    });
    await expect.poll(() => summary(dialog).innerText()).toMatch(/^Area, 3 points, /);
    // A file of another kind is named, and the shape stays.
    await dialog.locator('[data-geometry-file]').setInputFiles({
      name: 'sites.shp',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a shape'),
    });
    await dialog.getByText(/^Choose a zipped shapefile \(\.zip\), a \.kml, \.kmz, \.gpkg/).waitFor();
    await expect(summary(dialog).innerText()).resolves.toMatch(/^Area, 3 points, /);

    const id = await saveDraft(page, dialog);
    const areas = await projectAreas(id);
    expect(areas.map((a) => (a.geometry as { type: string }).type)).toEqual(['Polygon']);

    // The record's read view: a small map and the summary, not raw JSON.
    await page.goto(`${app.server.url}/i-${areas[0]!.$id as string}`);
    const record = cellAt(page, 0);
    const view = record.locator('[data-geometry-view]');
    await view.locator('[data-geometry-map="ready"]').waitFor();
    await expect(view.locator('[data-geometry-summary]').innerText()).resolves.toMatch(/^Area, 3 points, /);
    expect(await view.getByRole('img', { name: /^Map: / }).count()).toBe(1);
    expect(await record.getByText('"coordinates"').count()).toBe(0);
    await shot(page, 'spatial-draw-read-view');
  });

  it('passes axe in light and dark, and fits a phone', async () => {
    const page = await person(PROPONENT);
    const dialog = await toAreaStep(page, 'Axe check');
    await dialog
      .getByRole('textbox', { name: 'Paste GeoJSON' })
      .fill('{"type":"Polygon","coordinates":[[[-110,55],[-109.9,55],[-109.9,55.1],[-110,55]]]}');
    await expect.poll(() => summary(dialog).innerText()).toMatch(/^Area, 3 points/);
    await axeCheck(page, 'spatial-draw-light');
    const night = await person(PROPONENT);
    await setDark(night, true);
    const dark = await toAreaStep(night, 'Axe check dark');
    await dark
      .getByRole('textbox', { name: 'Paste GeoJSON' })
      .fill('{"type":"Point","coordinates":[-110,55]}');
    await expect.poll(() => summary(dark).innerText()).toBe('Point');
    await axeCheck(night, 'spatial-draw-dark');

    const phone = await person(PROPONENT, PHONE);
    await toAreaStep(phone, 'Phone check');
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'spatial-draw-phone');
  });
});
