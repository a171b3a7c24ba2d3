import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import {
  cell,
  cellAt,
  fitsWidth,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// The home dashboard (issue 12 §5): core's cards with real data, read through search/ids; an
// item opens from a card in the next column; the calendar (FullCalendar) and the chart (MUI X
// Charts) load with the cards that use them; admins alone see the chart. Screenshots of light,
// dark and phone go to SHOTS for a person to look at.

const SHOTS = process.env.DASHBOARD_SHOTS ?? '';
const DUE_SUBJECT = 'Boundary survey report due';

// One of the demo's latest conversations (the card shows the 6 most recently changed).
const RECENT = 'Community meeting on the pipeline route, 12 January';
let app: E2EApp;
let officer: Page;
let admin: Page;
const pathOf = (p: Page) => new URL(p.url()).pathname;
const card = (p: Page | Locator, name: string) => p.getByRole('article', { name });

async function shot(p: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await p.screenshot({ path: `${SHOTS}/${name}.png` });
}

beforeAll(async () => {
  app = await startApp();
  // A thread due this month, so the calendar shows it in the month it opens on.
  const today = new Date().toISOString().slice(0, 10);
  await app.server.app.services.items.create(SYSTEM, 'Thread', {
    subject: DUE_SUBJECT,
    $access: 'PUBLIC',
    assignedDue: today,
  });
  officer = await (await newContext(app)).newPage();
  await signIn(officer, app.server.url, 'lands.officer@riverbend.example');
  admin = await (await newContext(app)).newPage();
  await signIn(admin, app.server.url, 'admin@riverbend.example');
});
screenshotOnFailure(() => [officer, admin]);
afterAll(async () => {
  await app?.close();
});

describe('the home dashboard', () => {
  it('shows core’s cards with the officer’s data, and no admin chart', async () => {
    const home = cellAt(officer, 0);
    for (const name of [
      'Your organisations',
      'Recently opened',
      'Unread notifications',
      'Recent conversations',
      'Changed recently',
      'Due dates',
    ])
      await card(home, name).getByRole('heading', { level: 2, name }).waitFor();
    await card(home, 'Your organisations')
      .getByRole('link', { name: 'Riverbend First Nation', exact: true })
      .waitFor();
    await card(home, 'Recent conversations')
      .getByRole('link', { name: new RegExp(RECENT) })
      .waitFor();
    await card(home, 'Due dates').getByText(DUE_SUBJECT).waitFor();
    expect(await card(home, 'Items by type').count()).toBe(0);
    // "Show all" leads to the full list.
    expect(
      await card(home, 'Recent conversations')
        .getByRole('link', { name: /^Show all/ })
        .getAttribute('href'),
    ).toBe('/conversations');
    await shot(officer, 'home-light');
  });

  it('opens an item from a card in the next column, by keyboard', async () => {
    // Rows are links: Enter follows one, as a click does (and a middle click opens a new tab).
    const row = card(cellAt(officer, 0), 'Recent conversations').getByRole('link', {
      name: new RegExp(RECENT),
    });
    expect(await row.getAttribute('href')).toMatch(/^\/home\/i-Thread-\d+$/);
    await row.focus();
    await officer.keyboard.press('Enter');
    await expect.poll(() => pathOf(officer)).toMatch(/\/i-Thread-\d+$/);
    // The item opens as a record, headed by its subject.
    await cellAt(officer, 1).getByRole('heading', { level: 3, name: RECENT }).waitFor();
  });

  it('opens an item from the calendar', async () => {
    await officer.goto(app.server.url + '/home');
    const due = card(cellAt(officer, 0), 'Due dates');
    await due.getByRole('link', { name: new RegExp(DUE_SUBJECT) }).click();
    await expect.poll(() => pathOf(officer)).toMatch(/\/i-Thread-\d+$/);
    // The officer may read the thread, not change it: its record opens without an Edit button.
    await cell(officer, DUE_SUBJECT).getByRole('heading', { level: 3, name: DUE_SUBJECT }).waitFor();
    expect(await cell(officer, DUE_SUBJECT).getByRole('button', { name: 'Edit', exact: true }).count()).toBe(
      0,
    );
  });

  it('shows admins the chart of items by type', async () => {
    const chart = card(cellAt(admin, 0), 'Items by type');
    await chart.getByRole('heading', { level: 2 }).waitFor();
    // The counts as a list for screen readers, and the bars drawn.
    await chart
      .getByRole('listitem')
      .filter({ hasText: /^Thread: \d+$|^Conversation: \d+$/ })
      .first()
      .waitFor();
    await chart.locator('svg').first().waitFor();
    await shot(admin, 'home-admin-light');
    await chart.scrollIntoViewIfNeeded();
    await shot(admin, 'home-admin-calendar-chart');
  });

  it('follows dark mode and fits a phone', async () => {
    const menu = await openUserMenu(officer);
    await menu.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
    await officer.keyboard.press('Escape');
    await officer.goto(app.server.url + '/home');
    await card(cellAt(officer, 0), 'Due dates').getByText(DUE_SUBJECT).waitFor();
    await card(cellAt(officer, 0), 'Due dates').scrollIntoViewIfNeeded();
    await shot(officer, 'home-dark-calendar');
    await officer.setViewportSize({ width: 390, height: 844 });
    await officer.goto(app.server.url + '/home');
    const conversations = card(cellAt(officer, 0), 'Recent conversations');
    await conversations.getByRole('link', { name: new RegExp(RECENT) }).waitFor();
    // Every card takes the full width; nothing is wider than the screen.
    const box = (await conversations.boundingBox())!;
    expect(box.width).toBeGreaterThan(300);
    expect(await fitsWidth(officer)).toBe(true);
    await shot(officer, 'home-phone-dark');
    await card(cellAt(officer, 0), 'Due dates').getByText(DUE_SUBJECT).scrollIntoViewIfNeeded();
    await shot(officer, 'home-phone-dark-calendar');
  });
});
