import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERVIEWS, SPECIES } from '../src/modules/research/server/demo-study';
import { query } from '../src/server/db/query';
import {
  cell,
  cellAt,
  field,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// Research (issue 18), on a deployment whose key capabilities name Research, with the demo's
// invented land-use study: the researcher opens every research screen (the interviews newest
// first, the species by common name, the dashboard's cards), codes a data point and sees the site
// code the server made, and is refused a living person's birth facts at the community level with
// the rule's own words. The proponent has no research group and an item's address tells them it
// is not theirs to see. Screenshots in light, dark and on a phone go to SHOTS to be looked at.

const RESEARCHER = 'researcher@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const SHOTS = process.env.RESEARCH_SHOTS ?? '/tmp/shots-research';

let app: E2EApp;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ keyCaps: ['Research'] });
  page = await person(RESEARCHER);
}, 180_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, viewport ? { viewport } : {});
  contexts.push(c);
  const p = await c.newPage();
  await signIn(p, app.server.url, email);
  return p;
}

const shot = (p: Page, name: string) => p.screenshot({ path: `${SHOTS}/${name}.png` });
const card = (p: Page | Locator, name: string) => p.getByRole('article', { name });

/** Opens a research screen by its address and waits for its first result. */
async function openList(view: string, title: string, p = page): Promise<Locator> {
  await p.goto(`${app.server.url}/${view}`);
  const c = cell(p, title);
  await c.getByRole('link').first().waitFor({ timeout: 20_000 });
  return c;
}

/** The one item id in the page's address (the record opened beside a list). */
const idInUrl = (p: Page, type: string) => new RegExp(`${type}-\\d+`).exec(decodeURIComponent(p.url()))?.[0];

describe('research as the researcher', () => {
  it('has the research group in the drawer, dashboard first', async () => {
    await page.goto(`${app.server.url}/home`);
    const drawer = page.getByRole('navigation', { name: 'Navigation' }).first();
    const group = drawer.getByRole('list', { name: 'Research' });
    await group.getByRole('link').first().waitFor({ timeout: 20_000 });
    expect(await group.getByRole('link').allTextContents()).toEqual([
      'Research dashboard',
      'Projects',
      'Interviews',
      'Data points',
      'Community members',
      'Genealogy imports',
      'Species',
      'Topics',
    ]);
  });

  it('shows the dashboard: activity by month, recent interviews, data by topic', async () => {
    await page.goto(`${app.server.url}/research.dashboard`);
    const chart = card(page, 'Interviews and data points by month');
    // The act's numbers, said as a table for screen readers: the study's months.
    const table = chart.getByTestId('chart-table');
    await table.waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBe(13);
    await chart.getByText('Interviews in these 12 months: 4').waitFor();
    await chart.getByText('Data points in these 12 months: 40').waitFor();
    const recent = card(page, 'Recent interviews');
    const newestFirst = [...INTERVIEWS].sort((a, b) => b.start.localeCompare(a.start)).map((i) => i.title);
    await recent.getByRole('link', { name: new RegExp(newestFirst[0]!) }).waitFor();
    const topics = card(page, 'Data points by topic');
    await topics
      .getByText(/Harvesting/)
      .first()
      .waitFor({ state: 'attached' });
    await page.waitForTimeout(800);
    await shot(page, 'dashboard-light');
    await axeCheck(page, 'research-dashboard');
  });

  it('lists the projects, the interviews newest first, the data points and the members', async () => {
    const projects = await openList('research.projects', 'Projects');
    await projects.getByRole('link', { name: /Riverbend Traditional Land Use Study 2025/ }).waitFor();
    await axeCheck(page, 'research-projects');

    const interviews = await openList('research.activities', 'Interviews');
    const newestFirst = [...INTERVIEWS].sort((a, b) => b.start.localeCompare(a.start)).map((i) => i.title);
    await expect
      .poll(() => interviews.getByRole('list', { name: 'Results' }).getByRole('link').allTextContents())
      .toEqual(newestFirst.map((t) => expect.stringContaining(t)));
    await shot(page, 'interviews-light');
    await axeCheck(page, 'research-interviews');

    const data = await openList('research.data', 'Data points');
    await data.getByText('40 results').waitFor();
    const table = data.getByRole('table', { name: 'Results' });
    // Sorted by site code (a column; the row header is the place's name).
    const siteCodes = async () => {
      const at = (await table.getByRole('columnheader').allTextContents()).findIndex((h) =>
        h.startsWith('Site code'),
      );
      return table
        .locator('tbody tr')
        .evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? ''), at);
    };
    await expect.poll(async () => (await siteCodes()).length).toBeGreaterThan(5);
    const codes = await siteCodes();
    expect(codes.every((c) => /^[A-Z]{2}\d{2}(-\d{2})*$/.test(c))).toBe(true);
    expect(codes).toEqual([...codes].sort());
    await shot(page, 'data-light');
    await axeCheck(page, 'research-data');

    const members = await openList('research.community-members', 'Community members');
    // The study's five respondents and the demo family's 40 she may read (its PRIVATE father is not).
    await members.getByText('45 results').waitFor();
    // Made by the server from the names, the nickname in quotes.
    await members.getByRole('searchbox', { name: 'Search in this list' }).fill('Whitford');
    await members.getByRole('link', { name: /Rose "Rosie" Whitford/ }).waitFor();
    await axeCheck(page, 'research-members');
  });

  it('lists the species by common name, and the topics', async () => {
    const species = await openList('research.species', 'Species');
    const table = species.getByRole('table', { name: 'Results' });
    const names = SPECIES.map((s) => s.commonName as string).sort((a, b) => a.localeCompare(b));
    await expect
      .poll(async () => (await table.getByRole('rowheader').allTextContents()).map((s) => s.trim()))
      .toEqual(names);
    await shot(page, 'species-light');
    await axeCheck(page, 'research-species');

    const topics = await openList('research.topics', 'Topics');
    await expect
      .poll(() => topics.getByRole('list', { name: 'Results' }).getByRole('link').allTextContents())
      .toEqual(
        ['Camps and cabins', 'Cultural and spiritual places', 'Harvesting', 'Medicines', 'Travel routes'].map(
          (t) => expect.stringContaining(t),
        ),
      );
    await axeCheck(page, 'research-topics');
  });

  it('codes a data point and shows the site code the server made', async () => {
    const data = await openList('research.data', 'Data points');
    await data.getByRole('button', { name: 'New Data point' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Data point' });
    await dialog
      .getByRole('textbox', { name: /^Name of the place or value/ })
      .fill('Back eddy by the fish camp');
    await dialog.getByRole('combobox', { name: /^Interview/ }).fill('Harold');
    await page.getByRole('option', { name: /Interview with Harold Tallgrass/ }).click();
    await dialog.getByRole('combobox', { name: /^Value code/ }).click();
    await page.getByRole('option', { name: 'Fishing' }).click();
    await axeCheck(page, 'research-data-create');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => idInUrl(page, 'ResearchData')).toBeTruthy();
    const id = idInUrl(page, 'ResearchData')!;
    // Harold's interview had FI00, FI01 and FI02; this one names no respondent.
    const row = await stored(app, id);
    expect(row.siteCode).toBe('FI03');
    const interview = (await stored(app, row.activity as string)) as { project?: string };
    expect(row.project).toBe(interview.project);
    await cellAt(page, 1).getByText('FI03').first().waitFor();
    await shot(page, 'data-created-light');
  });

  it('refuses to open a living person’s birth place to the community, and says why', async () => {
    const members = await openList('research.community-members', 'Community members');
    await members.getByRole('button', { name: 'New Community member' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Community member' });
    await dialog.getByRole('combobox', { name: 'Visibility' }).click();
    await page.getByRole('option', { name: 'Community' }).click();
    await field(dialog, 'First name').fill('Lena');
    await field(dialog, 'Last name').fill('Sinclair');
    await field(dialog, 'Place of birth').fill('Riverbend');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog
      .getByText(/This person is living and the record holds their date or place of birth/)
      .waitFor();
    // The message is the Visibility field's own (its helper text), so a screen reader hears it there.
    expect(
      await dialog.getByRole('combobox', { name: 'Visibility' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    await shot(page, 'member-living-refused');
    await axeCheck(page, 'research-living-refused');
    // With the person's agreement recorded, the same record is created.
    await dialog.getByRole('switch', { name: /Agreed that the date and place of birth/ }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => idInUrl(page, 'CommunityMember')).toBeTruthy();
    const row = await stored(app, idInUrl(page, 'CommunityMember')!);
    expect(row).toMatchObject({ $access: 'COMMUNITY', fullName: 'Lena Sinclair', shareBirthFacts: true });
  });

  it('is readable in dark mode and on a phone', async () => {
    await setDark(page, true);
    await openList('research.data', 'Data points');
    await shot(page, 'data-dark');
    await axeCheck(page, 'research-data-dark');
    await page.goto(`${app.server.url}/research.dashboard`);
    await card(page, 'Recent interviews').getByRole('link').first().waitFor();
    await page.waitForTimeout(800);
    await shot(page, 'dashboard-dark');
    await axeCheck(page, 'research-dashboard-dark');
    await setDark(page, false);
    const phone = await person(RESEARCHER, { width: 390, height: 844 });
    await openList('research.activities', 'Interviews', phone);
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'interviews-phone');
    await phone.goto(`${app.server.url}/research.dashboard`);
    await card(phone, 'Recent interviews').getByRole('link').first().waitFor();
    await phone.waitForTimeout(800);
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'dashboard-phone');
  });
});

describe('research as the proponent', () => {
  it('has no research group, and an item’s address is refused', async () => {
    const proponent = await person(PROPONENT);
    const drawer = proponent.getByRole('navigation', { name: 'Navigation' }).first();
    await drawer.getByRole('link').first().waitFor();
    expect(await drawer.getByRole('list', { name: 'Research' }).count()).toBe(0);
    expect(await drawer.getByText(/Research dashboard|Data points|Community members/).count()).toBe(0);
    // The research screens by address.
    await proponent.goto(`${app.server.url}/research.data`);
    await proponent
      .getByTestId('no-access')
      .getByRole('heading', { name: 'You do not have access' })
      .waitFor();
    // A data point by its address: not theirs to see, and nothing of it on the page.
    const [first] = await query<{ id: string; label: string }>(
      app.tdb.database.db,
      sql`select id, data->>'label' as label from items where type = 'ResearchData' order by num limit 1`,
    );
    const { id, label } = first!;
    await proponent.goto(`${app.server.url}/i-${id}`);
    // An outsider is told what a never-used address gives: nothing says the record exists.
    await proponent
      .getByText('This item does not exist, was deleted, or is not shared with you.')
      .first()
      .waitFor({ timeout: 20_000 });
    expect(await proponent.content()).not.toContain(label);
    await shot(proponent, 'proponent-refused');
    await axeCheck(proponent, 'research-proponent-refused');
  });
});
