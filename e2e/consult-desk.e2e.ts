import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import {
  cellAt,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// Issue 16 "consult.dashboard" and "Done when" (in part): the consultation desk for each
// capability set (spec §6): community staff with ConsultRespond see the calendar, overdue, mine and
// new referrals; a proponent (Consult and ConsultDrafts) the calendar, recent, drafts and
// responses; a regulator (Consult alone) the calendar and recent. The calendar gathers requested
// and due dates, the person's step due dates and meetings, and the desk updates live.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const REGULATOR = 'regulator@lands.gov.example';
const MEETING = 'Elders’ walk of the haul road';
const LIVE = 'Council briefing on the gravel pit';

let app: E2EApp;
const pages: Page[] = [];
const card = (p: Page | Locator, name: string) => p.getByRole('article', { name });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function desk(email: string): Promise<Page> {
  const page = await (await newContext(app)).newPage();
  pages.push(page);
  await signIn(page, app.server.url, email);
  await page.goto(`${app.server.url}/consult.dashboard`);
  await cellAt(page, 0).getByRole('heading', { name: 'Consultation desk' }).first().waitFor();
  return page;
}

async function cardNames(page: Page): Promise<string[]> {
  await card(cellAt(page, 0), 'Calendar').getByRole('heading', { level: 2, name: 'Calendar' }).waitFor();
  const names = await cellAt(page, 0)
    .getByRole('article')
    .evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label') ?? e.querySelector('h2')?.textContent ?? ''),
    );
  return names.filter(Boolean).sort();
}

beforeAll(async () => {
  app = await startApp();
  const riverbend = (
    await app.server.app.services.search.search(SYSTEM, {
      must: { _t: ['Organization'], $text: ['Riverbend'] },
    })
  ).ids[0]!;
  // A meeting tomorrow, so the calendar's month shows it whatever day this runs.
  await app.server.app.services.items.create(
    SYSTEM,
    'Meeting',
    { summary: MEETING, date: inDays(1), start: '10:00', end: '12:00' },
    { owner: riverbend },
  );
}, 120_000);
screenshotOnFailure(() => pages);
afterAll(async () => {
  await app?.close();
});

describe('the consultation desk', () => {
  let officer: Page;

  it('gives community staff the calendar, overdue, mine and new referrals, with their items', async () => {
    officer = await desk(OFFICER);
    expect(await cardNames(officer)).toEqual(
      [
        'Assigned to me',
        'Calendar',
        'New referrals',
        'Overdue responses',
        'Recently changed consultations',
      ].sort(),
    );
    const home = cellAt(officer, 0);
    // The demo's overdue response is assigned to the officer (consult/server/demo.ts).
    await card(home, 'Overdue responses').getByRole('link').first().waitFor();
    await card(home, 'Assigned to me').getByRole('link').first().waitFor();
    await card(home, 'Calendar').getByText(`Meeting: ${MEETING}`).waitFor();
    await shot(officer, 'consult-desk-officer');
    await setDark(officer, true);
    await shot(officer, 'consult-desk-officer-dark');
    await setDark(officer, false);
  });

  it('lists the month as a list, and a week', async () => {
    const calendar = card(cellAt(officer, 0), 'Calendar');
    await calendar.getByRole('tab', { name: 'List view' }).click();
    await calendar.getByText(`Meeting: ${MEETING}`).waitFor();
    await calendar.getByRole('tab', { name: 'Week view' }).click();
    await calendar.getByRole('tab', { name: 'Month view' }).click();
    await calendar.getByText(`Meeting: ${MEETING}`).waitFor();
  });

  it('updates live: a meeting scheduled elsewhere appears without a reload', async () => {
    const riverbend = (
      await app.server.app.services.search.search(SYSTEM, {
        must: { _t: ['Organization'], $text: ['Riverbend'] },
      })
    ).ids[0]!;
    await app.server.app.services.items.create(
      SYSTEM,
      'Meeting',
      { summary: LIVE, date: inDays(2) },
      { owner: riverbend },
    );
    await card(cellAt(officer, 0), 'Calendar').getByText(`Meeting: ${LIVE}`).waitFor({ timeout: 15_000 });
  });

  it('opens an item from the calendar in the next column', async () => {
    await card(cellAt(officer, 0), 'Calendar').getByText(`Meeting: ${MEETING}`).click();
    await cellAt(officer, 1).getByRole('heading', { level: 3, name: MEETING }).waitFor();
  });

  it('gives a proponent the calendar, recent, drafts and responses, and never a community’s meeting', async () => {
    const proponent = await desk(PROPONENT);
    expect(await cardNames(proponent)).toEqual(
      ['Calendar', 'Recently changed consultations', 'Responses received', 'Your drafts'].sort(),
    );
    await card(cellAt(proponent, 0), 'Recently changed consultations').getByRole('link').first().waitFor();
    const calendar = card(cellAt(proponent, 0), 'Calendar');
    await calendar.getByRole('tab', { name: 'List view' }).click();
    expect(await calendar.getByText(MEETING).count()).toBe(0);
    expect(await calendar.getByText(LIVE).count()).toBe(0);
    await shot(proponent, 'consult-desk-proponent');
  });

  it('gives a regulator the calendar and recent only', async () => {
    const regulator = await desk(REGULATOR);
    expect(await cardNames(regulator)).toEqual(['Calendar', 'Recently changed consultations']);
    await regulator.setViewportSize({ width: 390, height: 844 });
    await shot(regulator, 'consult-desk-regulator-phone');
  });
});
