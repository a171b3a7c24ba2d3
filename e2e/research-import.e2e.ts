import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import { axeCheck } from './helpers/axe';
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

// The coded-data import seen on the map (issue 18 "a coded-data import creating data points seen
// on the map"): from a research project's "Import coded data", a coder's CSV of 50 rows (the
// project preset, interviews by title, respondents by index, latitude and longitude): the columns
// map themselves by name, the dry run lists the 2 bad rows with their columns and writes nothing,
// the import adds the other 48, and research.data's MAP mode then draws every one of them.
// The importer is the lands officer (an editor): an Import needs the Import type's create right,
// which staff such as researcher@ lack (docs/research-import.md "Who may").

const OFFICER = 'lands.officer@riverbend.example';
const PROJECT = 'Upper river land-use study';
const PHONE = { width: 390, height: 844 };
const ROWS = 50;

let app: E2EApp;
const contexts: BrowserContext[] = [];
let page: Page;
let project = '';

function csvFile(): Buffer {
  let csv = 'label,activity,respondents,latitude,longitude,mapAccuracy,seasons\r\n';
  for (let i = 1; i <= ROWS; i++) {
    const lat = i === 10 ? '95.5' : (56 + (i % 10) * 0.04).toFixed(4);
    const activity = i === 30 ? 'Interview 9' : `Interview ${1 + (i % 2)}`;
    const acc = ['HIGH', 'MEDIUM', 'LOW', 'N_A'][i % 4]!;
    const cells = [
      `Coded site ${i}`,
      activity,
      i % 3 ? '01-02' : '01',
      lat,
      (-120.9 + (i % 7) * 0.05).toFixed(4),
      acc,
      'SUM|FALL',
    ];
    csv += cells.join(',') + '\r\n';
  }
  return Buffer.from(csv, 'utf8');
}

async function dataPoints(): Promise<number> {
  const [r] = await query<{ n: number }>(
    app.server.app.services.items.db,
    sql`select count(*)::int as n from items where type = 'ResearchData' and not deleted and data->>'project' = ${project}`,
  );
  return r!.n;
}

beforeAll(async () => {
  // Research is a key capability of this deployment, so its group shows (views.ts).
  app = await startApp({ keyCaps: ['Research'], mapStyleUrl: 'http://127.0.0.1:9/style.json' });
  const { items, search } = app.server.app.services;
  const officer = (await search.search(SYSTEM, { must: { _t: ['User'], email: [OFFICER] } })).ids[0]!;
  // The officer's one organisation, Riverbend.
  const org = [...(await loadPrincipal(items.db, officer))!.orgs.keys()][0]!;
  const as = { owner: org, actor: officer };
  const member = async (first: string, last: string) =>
    (
      await items.create(
        SYSTEM,
        'CommunityMember',
        { firstName: first, lastName: last, fullName: `${first} ${last}` },
        as,
      )
    ).$id;
  const respondents = [await member('Ada', 'Whitefish'), await member('Ben', 'Whitefish')];
  project = (await items.create(SYSTEM, 'ResearchProject', { title: PROJECT }, as)).$id;
  for (const title of ['Interview 1', 'Interview 2'])
    await items.create(SYSTEM, 'ResearchActivity', { title, project, respondents }, as);
  await app.server.app.idle();
  const c = await newContext(app);
  contexts.push(c);
  page = await c.newPage();
  await signIn(page, app.server.url, OFFICER);
}, 180_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

describe('research coded-data import', () => {
  it('maps the columns, checks 50 rows (2 bad listed), imports 48 into the project', async () => {
    // The dialog in dark mode (the map is shot in both below).
    await setDark(page, true);
    await page.goto(`${app.server.url}/i-${project}`);
    const record = cell(page, PROJECT);
    await record.waitFor();
    await record.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Import coded data' }).click();
    const dialog = page.getByRole('dialog', { name: /^Import .* from CSV$/ });
    await dialog.waitFor();
    await dialog.getByText(`: ${PROJECT}`, { exact: false }).waitFor();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'coded-sites.csv', mimeType: 'text/csv', buffer: csvFile() });
    await dialog.getByText('coded-sites.csv', { exact: true }).waitFor();
    // Every column found its field by name (latitude and longitude: the place's stand-ins).
    for (const column of [
      'label',
      'activity',
      'respondents',
      'latitude',
      'longitude',
      'mapAccuracy',
      'seasons',
    ])
      await expect
        .poll(() => dialog.getByRole('combobox', { name: `Field for column ${column}` }).textContent())
        .not.toBe('Leave out');
    await shot(page, 'research-import-mapping-dark');

    await dialog.getByRole('button', { name: 'Check (dry run)' }).click();
    await dialog.getByText(/^Checked 50 rows: 48 would be added/).waitFor({ timeout: 120_000 });
    const problems = dialog.getByTestId('csv-problem');
    await expect.poll(() => problems.count()).toBe(2);
    await expect.poll(() => problems.nth(0).textContent()).toMatch(/^11latitudeNot a latitude/);
    await expect.poll(() => problems.nth(1).textContent()).toMatch(/^31activityNo interview/);
    expect(await dataPoints()).toBe(0);
    await dialog.getByTestId('csv-result').scrollIntoViewIfNeeded();
    await shot(page, 'research-import-checked-dark');
    await axeCheck(page, 'research import, checked (dark)');

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText(/^Imported 50 rows: 48 added/).waitFor({ timeout: 120_000 });
    expect(await dataPoints()).toBe(48);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await setDark(page, false);
  }, 400_000);

  it('research.data in MAP mode draws every imported point', async () => {
    // What the officer may read of research data with a place: the 48, and any the demo has.
    const [r] = await query<{ n: number }>(
      app.server.app.services.items.db,
      sql`select count(*)::int as n from items where type = 'ResearchData' and not deleted
          and data ? 'spatial' and access <> 'PRIVATE'`,
    );
    const readable = r!.n;
    expect(readable).toBeGreaterThanOrEqual(48);
    await page.goto(`${app.server.url}/research.data`);
    const list = page
      .locator('[data-testid="search-map"]')
      .or(page.getByRole('group', { name: 'Show results as' }));
    await list.first().waitFor();
    await page.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Map' }).click();
    const map = page.locator('[data-testid="search-map"][data-done="true"]');
    await map.waitFor({ timeout: 60_000 });
    expect(await map.getAttribute('data-count')).toBe(String(readable));
    await page
      .getByRole('status')
      .filter({ hasText: `${readable} places on the map` })
      .waitFor();
    await page.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await shot(page, 'research-data-map');
    await axeCheck(page, 'research data map');
    await setDark(page, true);
    await map.waitFor({ timeout: 60_000 });
    await shot(page, 'research-data-map-dark');
    await setDark(page, false);
  }, 300_000);

  it('fits a phone', async () => {
    const c = await newContext(app, { viewport: PHONE });
    contexts.push(c);
    const phone = await c.newPage();
    await signIn(phone, app.server.url, OFFICER);
    await phone.goto(`${app.server.url}/research.data`);
    await phone.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Map' }).click();
    await phone.locator('[data-testid="search-map"][data-done="true"]').waitFor({ timeout: 60_000 });
    await phone.locator('[data-testid="spatial-map-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await phone.waitForTimeout(1000);
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'research-data-map-phone');
  }, 200_000);
});
