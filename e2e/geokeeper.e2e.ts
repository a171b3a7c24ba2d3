import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cell,
  cellAt,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// Field data (issue 20, its foundation): Riverbend's monitor (the demo's member@, who collected a
// trip and three records on the Beaver Creek culvert) finds them under "My field data", newest
// first, and opens one; his drawer has the GeoKeeper group Riverbend's setting gives. The
// proponent's "My field data" is empty, and the monitor's record by its address is not theirs to
// see. Screenshots in light, dark and on a phone go to SHOTS to be looked at.

const MONITOR = 'member@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const SHOTS = process.env.GEOKEEPER_SHOTS ?? '/tmp/shots-geokeeper';
const RECORDS = [
  'Water sample below the culvert',
  'Moose tracks on the right-of-way',
  'Silt fence down at the east bank',
];
const TRIP = 'Culvert walk, 14 October';

let app: E2EApp;
const contexts: BrowserContext[] = [];
let page: Page;
let recordUrl = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  page = await person(MONITOR);
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

describe('field data as the monitor', () => {
  it('has the field data group in the drawer', async () => {
    await page.goto(`${app.server.url}/home`);
    const drawer = page.getByRole('navigation', { name: 'Navigation' }).first();
    const group = drawer.getByRole('list', { name: 'Field data' });
    await group.getByRole('link').first().waitFor({ timeout: 20_000 });
    expect(await group.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['My field data', 'My programs', 'Fieldwork']),
    );
  });

  it('lists what he collected, newest first, and opens a record', async () => {
    await page.goto(`${app.server.url}/geokeeper.my-data`);
    const list = cell(page, 'My field data');
    const links = list.getByRole('list', { name: 'Results' }).getByRole('link');
    await links.first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => links.allTextContents())
      .toEqual([...RECORDS, TRIP].map((t) => expect.stringContaining(t)));
    await shot(page, 'my-data-light');
    await axeCheck(page, 'geokeeper my-data');
    await setDark(page, true);
    await shot(page, 'my-data-dark');
    await axeCheck(page, 'geokeeper my-data, dark');
    await setDark(page, false);

    await list.getByRole('link', { name: new RegExp(RECORDS[2]!) }).click();
    const record = cellAt(page, 1);
    await record
      .getByRole('heading', { level: 2, name: new RegExp(RECORDS[2]!) })
      .waitFor({ timeout: 20_000 });
    recordUrl = page.url();
    await page.waitForTimeout(500);
    await shot(page, 'record-light');
    await axeCheck(page, 'geokeeper record');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/geokeeper.my-data`);
    await page
      .getByRole('link', { name: new RegExp(TRIP) })
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'my-data-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('field data as the proponent', () => {
  it('finds none of his, and cannot open the monitor’s record', async () => {
    const p = await person(PROPONENT);
    await p.goto(`${app.server.url}/geokeeper.my-data`);
    await cell(p, 'My field data').getByText('You have not collected any field data yet.').waitFor({
      timeout: 20_000,
    });
    expect(recordUrl).toContain('GeoKeeperFieldData-');
    await p.goto(recordUrl.replace(/^https?:\/\/[^/]+/, app.server.url));
    await p
      .getByText(/do not have access|does not exist/)
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await p.content()).not.toContain(RECORDS[2]);
    await shot(p, 'proponent-refused');
  });
});
