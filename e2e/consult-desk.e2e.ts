import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { axeCheck } from './helpers/axe';
import {
  alertText,
  cell,
  cellAt,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { openSendResponse } from './helpers/send-response';

// Issue 16 "consult.dashboard" and "Done when" (in part): the consultation desk for each
// capability set (spec §6): community staff with ConsultRespond see the calendar, overdue, mine and
// new referrals; a proponent (Consult and ConsultDrafts) the calendar, their referrals by state,
// what waits for them, recent, drafts and responses; a regulator (a GOVERNMENT organisation's
// Consult) the calendar, consultations by state, those past their requested date, recent and the
// outcomes (issue 38). The calendar gathers requested
// and due dates, the person's step due dates and meetings, and the desk updates live. The staff's
// chart counts referrals received and answered per month and follows a response answered
// elsewhere. Also "Done when": logging a call on consult.communications, and scheduling a meeting
// on consult.meetings (other organisations and contacts checked against each other), which then
// shows on the desk's calendar and in the person's iCal feed.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const REGULATOR = 'regulator@lands.gov.example';
const MEETING = 'Elders’ walk of the haul road';
const LIVE = 'Council briefing on the gravel pit';
const CALL = 'Call from Karen Walsh about the haul road';
const SCHEDULED = 'Walk of the crossing with Cedar Ridge';

let app: E2EApp;
const pages: Page[] = [];
const card = (p: Page | Locator, name: string) => p.getByRole('article', { name });
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (d: Date) =>
  `${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;
const search = (must: Record<string, (string | number | boolean | null)[]>) =>
  app.server.app.services.search.search(SYSTEM, { must, max: 50 });
const riverbendId = async () => (await search({ _t: ['Organization'], $text: ['Riverbend'] })).ids[0]!;
/** The chart's text alternative: the cells of this month's row (the last), by column. */
async function chartRow(page: Page): Promise<string[]> {
  const table = card(cellAt(page, 0), 'Referrals by month').getByTestId('chart-table');
  return table.locator('tbody tr').last().locator('td').allTextContents();
}

/** The count beside a card's title: how many items its search found in all. */
async function cardTotal(c: Locator): Promise<number> {
  return Number((await c.getByTestId('card-count').first().textContent())?.match(/\d+/)?.[0]);
}

/** A state chart's counts, from its text alternative ("Consulting: 2"), in the order shown. */
async function stateCounts(chart: Locator): Promise<[string, number][]> {
  await chart.getByRole('listitem').first().waitFor();
  const lines = await chart.getByRole('listitem').allTextContents();
  return lines.map((l) => {
    const [, name, n] = /^(.*): (\d+)$/.exec(l)!;
    return [name!, Number(n)];
  });
}

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
        'Referral drafts',
        'Referrals by month',
        'Review costs by month',
        'Review costs by proponent',
      ].sort(),
    );
    const home = cellAt(officer, 0);
    // The demo's overdue response is assigned to the officer (consult/server/demo.ts).
    await card(home, 'Overdue responses').getByRole('link').first().waitFor();
    // Each row says when it was due (overdue, in words and colour) and where its workflow stands.
    await card(home, 'Overdue responses')
      .getByText(/^Overdue · .+ · .+/)
      .first()
      .waitFor();
    await card(home, 'Assigned to me').getByRole('link').first().waitFor();
    const title = card(home, 'Calendar').getByText(`Meeting: ${MEETING}`).first();
    await title.waitFor();
    // The title wraps within its day, never cut at the cell's edge.
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await shot(officer, 'consult-desk-officer');
    await setDark(officer, true);
    await shot(officer, 'consult-desk-officer-dark');
    await setDark(officer, false);
  });

  it("opens a card's 'Show all' as the list with the card's own filter on", async () => {
    const page = await desk(OFFICER);
    const overdue = card(cellAt(page, 0), 'Overdue responses');
    await overdue.getByRole('list').getByRole('link').first().waitFor();
    const shown = await overdue.getByRole('list').getByRole('link').count();
    await overdue.getByRole('link', { name: /^Show all/ }).click();
    const list = cellAt(page, 0);
    await expect
      .poll(() => list.getByRole('button', { name: 'Overdue' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(new URL(page.url()).searchParams.get('p0')).toBe('overdue');
    const rows = list.getByRole('table').locator('tbody').getByRole('row');
    await expect.poll(() => rows.count()).toBe(shown);
    // Turned off, the whole list shows, and the address says so.
    await list.getByRole('button', { name: 'Overdue' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('p0')).toBeNull();
    await expect.poll(async () => (await rows.count()) > shown).toBe(true);
  });

  it('shows each new referral with its requested date, proponent and state, and opens them as a filtered list', async () => {
    const page = await desk(OFFICER);
    const fresh = card(cellAt(page, 0), 'New referrals');
    const row = fresh.getByRole('list').getByRole('link').first();
    await row.waitFor();
    // Words, never the type's name: the date asked for, who from, the state.
    await expect.poll(() => row.textContent()).toMatch(/\d{4}.*(Corp\.|Ltd\.).*(Submitted|Review)/);
    expect(await row.textContent()).not.toContain('Consultation');
    const shown = await fresh.getByRole('list').getByRole('link').count();
    await fresh.getByRole('link', { name: /^Show all/ }).click();
    const list = cellAt(page, 0);
    await expect
      .poll(() => list.getByRole('button', { name: 'New referrals' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => list.getByRole('table').locator('tbody').getByRole('row').count()).toBe(shown);
  });

  it('charts referrals received and answered per month, with the median days to respond, and follows a change', async () => {
    const chart = card(cellAt(officer, 0), 'Referrals by month');
    // The demo's referrals arrived over the last months; two were answered (consult/server/demo.ts).
    await chart.getByText(/^Median days to respond \(12 months\): \d/).waitFor();
    const table = chart.getByTestId('chart-table');
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Period',
      'Received',
      'Answered',
      'Median days to respond',
    ]);
    expect(await table.locator('tbody tr').count()).toBe(12);
    await axeCheck(officer, 'consult-desk-chart');
    await officer
      .locator('[data-card="consult.desk.chart"]')
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await shot(officer, 'consult-desk-chart');
    await setDark(officer, true);
    await officer
      .locator('[data-card="consult.desk.chart"]')
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await shot(officer, 'consult-desk-chart-dark');
    await officer.setViewportSize({ width: 390, height: 844 });
    await officer
      .locator('[data-card="consult.desk.chart"]')
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await shot(officer, 'consult-desk-chart-dark-phone');
    await officer.setViewportSize({ width: 1440, height: 900 });
    await setDark(officer, false);
    const [received, answered] = (await chartRow(officer)).map((x) => Number(x.replace(/\D/g, '') || 0));
    // A referral of this month answered elsewhere (recorded as SYSTEM): the chart follows it live.
    const open = await search({ _t: ['ConsultResponse'], state: ['PENDING'] });
    expect(open.ids.length).toBeGreaterThan(0);
    const r = await app.server.app.services.items.read(SYSTEM, open.ids[0]!);
    await app.server.app.services.items.update(SYSTEM, {
      $id: r.$id,
      $version: r.$version,
      state: 'OFFLINE',
    });
    await expect
      .poll(async () => Number(((await chartRow(officer))[1] ?? '').replace(/\D/g, '') || 0), {
        timeout: 15_000,
      })
      .toBe(answered! + 1);
    expect(Number(((await chartRow(officer))[0] ?? '').replace(/\D/g, '') || 0)).toBe(received);
  });

  it('charts the review costs by month and by proponent, in money', async () => {
    const home = cellAt(officer, 0);
    const byMonth = card(home, 'Review costs by month');
    // The demo's time on "Riverbend crossing replacement" at its rates, and its expenses.
    await byMonth.getByText(/^Total \(12 months\): \$[\d,]+\.\d\d$/).waitFor();
    await byMonth.getByText(/^Hours logged: [\d.]+$/).waitFor();
    const monthTable = byMonth.getByTestId('chart-table');
    expect(await monthTable.locator('thead th').allTextContents()).toEqual([
      'Period',
      'Staff time',
      'Expenses',
    ]);
    expect(await monthTable.locator('tbody tr').count()).toBe(12);
    const byProponent = card(home, 'Review costs by proponent');
    const table = byProponent.getByTestId('chart-table');
    await table.getByRole('rowheader', { name: 'Northern Pipeline Corp.' }).waitFor();
    expect(await table.locator('thead th').first().textContent()).toBe('Proponent');
    // Each cell is money, never raw cents.
    for (const c of await table.locator('tbody td').allTextContents()) expect(c).toMatch(/^\$[\d,]+\.\d\d$/);
    await officer
      .locator('[data-card="consult.desk.costs.proponent"]')
      .first()
      .evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await axeCheck(officer, 'consult-desk-costs');
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

  it('logs a call on consult.communications: owner, context, subject, date, type and direction', async () => {
    officer ??= await desk(OFFICER);
    await officer.goto(`${app.server.url}/consult.communications`);
    const list = cell(officer, 'Communications');
    // The action is there at once, not only once the list is narrowed to the log.
    await list.getByRole('button', { name: 'Log a communication' }).click();
    const dialog = officer.getByRole('dialog', { name: 'New Communication log entry' });
    await dialog.getByRole('textbox', { name: /^Subject/ }).fill(CALL);
    await dialog.getByRole('group', { name: /^Date/ }).click();
    await officer.keyboard.type(`${ddmmyyyy(new Date())}0930`);
    await dialog.getByRole('combobox', { name: /^Type/ }).click();
    await officer.getByRole('option', { name: 'Phone call' }).click();
    await dialog.getByRole('combobox', { name: /^Direction/ }).click();
    await officer.getByRole('option', { name: 'Incoming' }).click();
    await dialog.getByRole('combobox', { name: /^Context/ }).fill('crossing');
    await officer.getByRole('option', { name: /Riverbend crossing replacement/ }).click();
    await shot(officer, 'consult-communications-log');
    await axeCheck(officer, 'consult-communications-log');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await alertText(officer, /created/i)
      .first()
      .waitFor();
    await list.getByRole('link', { name: new RegExp(CALL) }).waitFor();
    const found = await search({ _t: ['CommLog'], $text: ['Karen haul road'] });
    expect(found.ids).toHaveLength(1);
    const log = await stored(app, found.ids[0]!);
    const crossing = (await search({ _t: ['Consultation'], $text: ['Riverbend crossing replacement'] }))
      .ids[0];
    expect(log).toMatchObject({ subject: CALL, type: 'PHONE', direction: 'IN', context: crossing });
    expect(log.owner).toBe(await riverbendId());
    expect(String(log.date)).toMatch(/T09:30/);
  });

  it('schedules a meeting on consult.meetings, checks its contacts, then shows it on the desk and in the feed', async () => {
    officer ??= await desk(OFFICER);
    await officer.goto(`${app.server.url}/consult.meetings`);
    const list = cell(officer, 'Meetings');
    await list.getByRole('button', { name: 'New Meeting' }).click();
    const dialog = officer.getByRole('dialog', { name: 'New Meeting' });
    await dialog.getByRole('textbox', { name: /^Summary/ }).fill(SCHEDULED);
    await dialog.getByRole('group', { name: /^Date/ }).click();
    await officer.keyboard.type(ddmmyyyy(new Date(Date.now() + 9 * 86_400_000)));
    await dialog.getByRole('textbox', { name: /^Start/ }).fill('09:00');
    await dialog.getByRole('textbox', { name: /^End/ }).fill('11:00');
    await dialog.getByRole('button', { name: 'Add to Meeting types' }).click();
    await dialog.getByRole('group', { name: 'Meeting types' }).getByRole('combobox').first().click();
    await officer.getByRole('option', { name: 'Site visit' }).click();
    await dialog.getByRole('combobox', { name: /^Context/ }).fill('crossing');
    await officer.getByRole('option', { name: /Riverbend crossing replacement/ }).click();
    await dialog.getByRole('combobox', { name: /^Other orgs/ }).fill('Northern');
    await officer.getByRole('option', { name: /Northern Pipeline/ }).click();
    await dialog.getByRole('combobox', { name: /^Other contacts/ }).fill('Lucy');
    await officer.getByRole('option', { name: /Lucy/ }).click();
    // Lucy is Cedar Ridge's, not Northern Pipeline's: refused, as a consultation's contacts are.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('This contact is not in the chosen organisation.').waitFor();
    await dialog.getByRole('combobox', { name: /^Other orgs/ }).fill('Cedar');
    await officer.getByRole('option', { name: /Cedar Ridge/ }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const found = await search({ _t: ['Meeting'], $text: ['Cedar Ridge crossing walk'] });
    expect(found.ids).toHaveLength(1);
    const meeting = await stored(app, found.ids[0]!);
    expect(meeting).toMatchObject({ meetingTypes: ['SITE_VISIT'], state: 'PENDING', start: '09:00' });
    expect(meeting.otherOrgs).toHaveLength(2);
    // Newest first by date and start: nine days out, it heads the list, with its derived state.
    const first = list.getByRole('row').nth(1);
    await first.getByText(SCHEDULED).waitFor();
    await first.getByText('Pending').waitFor();
    await shot(officer, 'consult-meetings');

    // On the desk's calendar, as a list (the month may end before the ninth day).
    await officer.goto(`${app.server.url}/consult.dashboard`);
    const calendar = card(cellAt(officer, 0), 'Calendar');
    await calendar.getByRole('tab', { name: 'List view' }).click();
    // Forward to the meeting's month, as many months as lie between (a loop that clicked on
    // until the event showed ran past it when the month's search took longer than its pause).
    const now = new Date();
    const at = new Date(Date.now() + 9 * 86_400_000);
    const months = (at.getFullYear() - now.getFullYear()) * 12 + at.getMonth() - now.getMonth();
    for (let i = 0; i < months; i++) await calendar.getByRole('button', { name: /^Next/ }).click();
    await calendar.getByText(`Meeting: ${SCHEDULED}`).waitFor();

    // And in the person's feed, turned on from the user menu.
    await (await openUserMenu(officer)).getByRole('menuitem', { name: 'Calendar feed…' }).click();
    const feed = officer.getByRole('dialog', { name: 'Your calendar feed' });
    await feed.getByRole('button', { name: 'Turn on' }).click();
    const field = feed.getByRole('textbox', { name: 'Your secret link' });
    await expect.poll(() => field.inputValue()).toMatch(/\/ical\/feed\.ics\?t=/);
    const u = new URL(await field.inputValue());
    const text = await (await fetch(`${app.server.url}${u.pathname}${u.search}`)).text();
    expect(text).toContain(`SUMMARY:Meeting: ${SCHEDULED}`);
    expect(text).toMatch(/DTSTART:\d{8}T090000Z/);
    await feed.getByRole('button', { name: 'Turn off' }).click();
    await feed.getByRole('button', { name: 'Close' }).click();
  });

  it('gives a proponent their referrals by state, what waits for them, drafts and answers, and never a community’s meeting', async () => {
    const proponent = await desk(PROPONENT);
    expect(await cardNames(proponent)).toEqual(
      [
        'Calendar',
        'Recently changed consultations',
        'Responses received',
        'The community’s latest word',
        'Waiting for you',
        'Your drafts',
        'Your referrals by state',
      ].sort(),
    );
    const desk0 = cellAt(proponent, 0);
    // Sent back incomplete: the community it went to and the date asked for, by name and date.
    const waiting = card(desk0, 'Waiting for you');
    await waiting.getByRole('link', { name: /Bear Pass lateral/ }).waitFor();
    await waiting.getByText(/^Riverbend First Nation · \d{2}-[A-Z][a-z]{2}-\d{4}$/).waitFor();
    // What the community last said about each referral: who, when, what kind of word, its first line.
    const latest = card(desk0, 'The community’s latest word');
    const bearPass = latest.getByRole('listitem').filter({ hasText: 'Bear Pass lateral' });
    await bearPass.getByText(/^Riverbend First Nation · \d{2}-[A-Z][a-z]{2}-\d{4}$/).waitFor();
    await bearPass.getByText(/^Asked for more: Please send the watercourse crossing plans/).waitFor();
    // The states in words, in the lifecycle's order, and as many as the proponent may read.
    const byState = await stateCounts(card(desk0, 'Your referrals by state'));
    expect(byState.map(([s]) => s)).toEqual(expect.arrayContaining(['Incomplete', 'Responded', 'Draft']));
    expect(byState.every(([s]) => !/^[A-Z_]+$/.test(s))).toBe(true);
    const recent = card(desk0, 'Recently changed consultations');
    const total = await cardTotal(recent);
    expect(byState.reduce((n, [, c]) => n + c, 0)).toBe(total);
    await recent
      .getByText(/^Consulting · Northern Pipeline Corp\. · /)
      .first()
      .waitFor();
    const calendar = card(desk0, 'Calendar');
    await calendar.getByRole('tab', { name: 'List view' }).click();
    expect(await calendar.getByText(MEETING).count()).toBe(0);
    expect(await calendar.getByText(LIVE).count()).toBe(0);
    await shot(proponent, 'consult-desk-proponent');
    await axeCheck(proponent, 'consult-desk-proponent');
    // The proponent's own guide, beside the desk's title, and in the help menu.
    await desk0.getByRole('link', { name: 'Referrals: a guide for proponents' }).click();
    await proponent.getByRole('heading', { level: 1, name: 'Referrals: a guide for proponents' }).waitFor();
    await proponent.getByRole('heading', { name: 'What the community may share' }).waitFor();
    await proponent.getByRole('button', { name: /^Documentation/ }).click();
    await proponent
      .getByRole('menu')
      .getByRole('menuitem', { name: 'Referrals: a guide for regulators' })
      .waitFor();
    await proponent.keyboard.press('Escape');
  });

  it('gives a regulator the consultations by state, those past their requested date and the recent outcomes', async () => {
    const regulator = await desk(REGULATOR);
    expect(await cardNames(regulator)).toEqual(
      [
        'Calendar',
        'Consultations by state',
        'Past the requested date',
        'Recent outcomes',
        'Recently changed consultations',
        'The community’s latest word',
      ].sort(),
    );
    const desk0 = cellAt(regulator, 0);
    await desk0.getByRole('link', { name: 'Referrals: a guide for regulators' }).waitFor();
    expect(await desk0.getByRole('link', { name: /guide for (proponents|lands staff)/ }).count()).toBe(0);
    const late = card(desk0, 'Past the requested date');
    await late.getByRole('link', { name: /Riverbend crossing replacement/ }).waitFor();
    await late
      .getByText(/^Overdue · \d{2}-[A-Z][a-z]{2}-\d{4} · Northern Pipeline Corp\. · Riverbend First Nation$/)
      .waitFor();
    // Only what the Ministry was given a role on: the community's own drafts and referrals are not counted.
    const byState = await stateCounts(card(desk0, 'Consultations by state'));
    const recent = card(desk0, 'Recently changed consultations');
    const total = await cardTotal(recent);
    expect(byState.reduce((n, [, c]) => n + c, 0)).toBe(total);
    expect(byState.map(([s]) => s)).not.toContain('Draft');
    // Answered by Riverbend in the chart's test above: the state and who it was between, by name.
    const outcomes = card(desk0, 'Recent outcomes');
    await outcomes.getByRole('link', { name: /Tailings dam raise/ }).waitFor();
    await outcomes.getByText('Responded · Cedar Ridge Mining Ltd. · Riverbend First Nation').waitFor();
    // "Show all" opens the list with the card's own filter on.
    await late.getByRole('link', { name: /^Show all/ }).click();
    await expect
      .poll(() =>
        cellAt(regulator, 0)
          .getByRole('button', { name: 'Past the requested date' })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await cellAt(regulator, 0)
      .getByRole('table')
      .getByRole('link', { name: 'Riverbend crossing replacement' })
      .waitFor();
    await regulator.goto(`${app.server.url}/consult.dashboard`);
    await card(cellAt(regulator, 0), 'Consultations by state').getByRole('listitem').first().waitFor();
    await axeCheck(regulator, 'consult-desk-regulator');
    await setDark(regulator, true);
    await axeCheck(regulator, 'consult-desk-regulator-dark');
    await shot(regulator, 'consult-desk-regulator-dark');
    await setDark(regulator, false);
    await regulator.setViewportSize({ width: 390, height: 844 });
    await regulator.reload();
    await card(cellAt(regulator, 0), 'Consultations by state').getByRole('listitem').first().waitFor();
    await shot(regulator, 'consult-desk-regulator-phone');
    // The phone's navigation drawer is a named dialog.
    await regulator.getByRole('button', { name: 'Open menu' }).click();
    await regulator.getByRole('dialog', { name: 'Navigation' }).waitFor();
    await axeCheck(regulator, 'consult-desk-regulator-phone-drawer');
  });

  it('follows a record the regulator may read, and its letter once the community copies it to them', async () => {
    const CROSSING = 'Riverbend crossing replacement';
    const LETTER_FILE = 'riverbend-crossing-response.pdf';
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-regulator-'));
    writeFileSync(path.join(tmp, LETTER_FILE), '%PDF-1.4\n% Riverbend response to the crossing\n%%EOF\n');
    try {
      // The lands officer sends the response with its letter, and ticks the copy to the Ministry.
      const officer = await desk(OFFICER);
      await officer.goto(`${app.server.url}/consult.projects`);
      await cell(officer, 'Consultations').getByRole('link', { name: CROSSING }).click();
      await cell(officer, CROSSING)
        .getByTestId('consult-responses')
        .getByRole('link', { name: /Riverbend First Nation/ })
        .first()
        .click();
      const response = cell(officer, `${CROSSING} — Riverbend First Nation`);
      const dialog = await openSendResponse(response, path.join(tmp, LETTER_FILE), {
        subject: 'Riverbend response: the crossing',
        message: 'Our response on the crossing is attached.',
      });
      await dialog.getByRole('checkbox', { name: LETTER_FILE }).check();
      await dialog
        .getByRole('checkbox', { name: /^Send a copy to the regulator, Provincial Ministry of Lands/ })
        .check();
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The regulator opens the consultation from their list: its dates, and the letter.
      const regulator = await desk(REGULATOR);
      await regulator.goto(`${app.server.url}/consult.projects`);
      await cellAt(regulator, 0).getByRole('table').getByRole('link', { name: CROSSING }).click();
      const record = cell(regulator, CROSSING);
      await record.getByText('Requested response date').first().waitFor();
      const from = record.getByRole('region', { name: 'From the community' });
      const answer = from.getByRole('listitem').filter({ hasText: 'The community’s response' });
      await answer.getByText('Our response on the crossing is attached.').waitFor({ timeout: 15_000 });
      await answer.getByText(LETTER_FILE).first().waitFor();
      // Nothing the community kept: its response, its steps, its time and expenses.
      expect(await record.getByRole('heading', { name: 'Responses', level: 2 }).count()).toBe(0);
      expect(await record.getByRole('region', { name: /^Workflow/ }).count()).toBe(0);
      expect(await regulator.getByText(/Mileage to the crossing/).count()).toBe(0);
      // On their desk, the community's latest word is the copied response.
      await regulator.goto(`${app.server.url}/consult.dashboard`);
      await card(cellAt(regulator, 0), 'The community’s latest word')
        .getByRole('listitem')
        .filter({ hasText: CROSSING })
        .getByText('The community’s response: Our response on the crossing is attached.')
        .waitFor();
      await shot(regulator, 'consult-regulator-record');
      await axeCheck(regulator, 'consult-regulator-record');
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
