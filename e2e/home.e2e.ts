import type { Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import {
  cellAt,
  fitsWidth,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';
import { blockingViolations } from './helpers/axe';

// Home as a dashboard (issue 13 "Home and empty states"): each of the four demo audiences sees
// the line written for them and the cards (assigned to me, unread notifications, recent changes,
// recently opened, their organisations); a thread assigned to a member shows in "Assigned to me",
// overdue; its notification shows in "Unread notifications", and marking it read updates the
// card. Screenshots of each home in light, dark and on a phone go to e2e/screenshots.

const OFFICER = 'lands.officer@riverbend.example';
const MEMBER = 'member@riverbend.example';
const SUBJECT = 'Fence line at Otter Bay';

const AUDIENCES = [
  { email: MEMBER, who: 'member', lead: 'Your community’s knowledge, kept by your community.' },
  { email: OFFICER, who: 'officer', lead: 'Your community’s knowledge, kept by your community.' },
  {
    email: 'proponent@northernpipeline.example',
    who: 'proponent',
    lead: /^Your referrals and submissions to the communities you work with/,
  },
  {
    email: 'regulator@lands.gov.example',
    who: 'regulator',
    lead: /^The consultations you follow, what communities share with your ministry/,
  },
] as const;

const CARDS = [
  'Assigned to me',
  'Unread notifications',
  'Changed recently',
  'Recently opened',
  'Your organisations',
];

let app: E2EApp;
let officer: Principal;
const pages: Page[] = [];
const card = (p: Page | Locator, name: string) => p.getByRole('article', { name });
const countOf = async (c: Locator) => Number((await c.getByTestId('card-count').innerText()).split(/\s/)[0]);

async function userId(email: string): Promise<string> {
  const [r] = await query<{ id: string }>(
    app.server.app.services.items.db,
    sql`select id from items where type = 'User' and data->>'email' = ${email}`,
  );
  return r!.id;
}

beforeAll(async () => {
  app = await startApp();
  // The officer assigns the member a thread that was due yesterday: the member is told (a
  // notification) and it is overdue.
  const { items } = app.server.app.services;
  officer = (await loadPrincipal(items.db, await userId(OFFICER)))!;
  const d = new Date();
  d.setDate(d.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  await items.create(officer, 'Thread', {
    subject: SUBJECT,
    $access: 'COMMUNITY',
    assignedTo: await userId(MEMBER),
    assignedDue: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
  });
}, 60_000);
screenshotOnFailure(() => pages);
afterAll(async () => {
  await app?.close();
});

describe('home, for each audience', () => {
  for (const a of AUDIENCES)
    it(`speaks to the ${a.who} and shows the cards, in light, dark and on a phone`, async () => {
      const page = await (await newContext(app)).newPage();
      pages.push(page);
      await signIn(page, app.server.url, a.email);
      const home = cellAt(page, 0);
      await expect.poll(() => home.getByTestId('home-lead').innerText()).toMatch(a.lead);
      for (const name of CARDS) await card(home, name).getByRole('heading', { level: 2, name }).waitFor();
      // Each card says how many items it holds, or what belongs there.
      for (const name of ['Your organisations', 'Assigned to me', 'Unread notifications', 'Changed recently'])
        await card(home, name).getByTestId('card-count').waitFor();
      await card(home, 'Recently opened').getByText('The items you open show here').waitFor();
      await shot(page, `home-${a.who}-light`);
      expect(await blockingViolations(page)).toEqual([]);
      const menu = await openUserMenu(page);
      await menu.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
      await page.keyboard.press('Escape');
      // A fresh page: the menu's fade-out is not in the picture.
      await page.goto(app.server.url + '/home');
      await card(home, 'Assigned to me').getByTestId('card-count').waitFor();
      await shot(page, `home-${a.who}-dark`);
      expect(await blockingViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(app.server.url + '/home');
      await card(home, 'Assigned to me').getByTestId('card-count').waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `home-${a.who}-phone`);
    });
});

describe('the member’s cards', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await newContext(app)).newPage();
    pages.push(page);
    await signIn(page, app.server.url, MEMBER);
  });

  it('lists the thread assigned to the member, marked overdue, as a link', async () => {
    const assigned = card(cellAt(page, 0), 'Assigned to me');
    const row = assigned.getByRole('listitem').filter({ hasText: SUBJECT });
    await row.getByText('Overdue').waitFor();
    expect(await countOf(assigned)).toBeGreaterThanOrEqual(1);
    const link = row.getByRole('link', { name: SUBJECT });
    expect(await link.getAttribute('href')).toMatch(/^\/home\/i-Thread-\d+$/);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/home\/i-Thread-\d+$/);
  });

  it('shows a thread assigned while home is open, without a reload', async () => {
    await page.goto(app.server.url + '/home');
    const assigned = card(cellAt(page, 0), 'Assigned to me');
    await assigned.getByRole('link', { name: SUBJECT }).waitFor();
    await app.server.app.services.items.create(officer, 'Thread', {
      subject: 'Culvert inspection at Mink Creek',
      $access: 'COMMUNITY',
      assignedTo: await userId(MEMBER),
    });
    const row = assigned.getByRole('listitem').filter({ hasText: 'Culvert inspection at Mink Creek' });
    await row.getByText('No due date').waitFor();
    // The soonest due first; a thread without a due date after those with one.
    expect(await assigned.getByRole('link').first().innerText()).toBe(SUBJECT);
  });

  it('lists the unread notification, and marking it read updates the card', async () => {
    await page.goto(app.server.url + '/home');
    const unread = card(cellAt(page, 0), 'Unread notifications');
    const row = unread.getByTestId('home-notification').filter({ hasText: SUBJECT });
    await row.waitFor();
    const before = await countOf(unread);
    expect(before).toBeGreaterThanOrEqual(1);
    await row.getByRole('button', { name: `Mark as read: ${SUBJECT}` }).click();
    await expect.poll(() => row.count()).toBe(0);
    if (before === 1) await unread.getByText('You are up to date.').waitFor();
    else await expect.poll(() => countOf(unread)).toBe(before - 1);
  });
});
