import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/server/auth/accounts';
import {
  cell,
  cellAt,
  DEMO_PASSWORD,
  escapeRe,
  newContext,
  shot,
  signIn,
  startApp,
  type E2EApp,
  screenshotOnFailure,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// The lists (issue 13): rows with the type's default headers, state chips and the visibility
// icon; rows that are real links; facets beside the results in a wide cell and in a drawer in a
// narrow one (the cell decides, not the window); a phone sees the first result at once; empty
// lists say what belongs in them.

const OFFICER = 'lands.officer@riverbend.example';
const ADMIN = 'admin@riverbend.example';
const PHONE = { width: 390, height: 844 };
const FACETS_BESIDE_MIN_WIDTH = 660;

let app: E2EApp;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
});

// A failing step leaves a picture of every open page.
screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(
  email: string,
  opts: { dark?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const c = await newContext(app, opts.viewport ? { viewport: opts.viewport } : {});
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, email);
  // Dark mode is the person's setting (kept on their User item), chosen in the account menu.
  await page.getByRole('button', { name: 'Account' }).click();
  const dark = page.getByRole('menuitemcheckbox', { name: 'Dark mode' });
  const want = String(!!opts.dark);
  if ((await dark.getAttribute('aria-checked')) !== want) await dark.click();
  await page.getByRole('menuitemcheckbox', { name: 'Dark mode', checked: !!opts.dark }).waitFor();
  await page.keyboard.press('Escape');
  await dark.waitFor({ state: 'detached' });
  return page;
}

const url = (p: string) => app.server.url + p;
const results = (scope: Locator) => scope.getByRole('list', { name: 'Results' });
const facets = (scope: Locator | Page) => scope.getByRole('complementary', { name: 'Filter the results' });
const filtersButton = (scope: Locator) => scope.getByRole('button', { name: /^Filters/ });
/** A row link by the start of its name (its label; the secondary line and icons follow). */
const row = (scope: Locator, label: string) =>
  results(scope).getByRole('link', { name: new RegExp(`^${escapeRe(label)}( |$)`) });

/** The search component's width in a cell (what decides where the facets go). */
const panelWidth = (scope: Locator) =>
  scope.locator('[data-search-panel]').evaluate((el) => el.getBoundingClientRect().width);

describe('result rows', () => {
  let page: Page;
  let contacts: Locator;

  beforeAll(async () => {
    page = await person(OFFICER);
    await page.goto(url('/my-contacts'));
    contacts = cell(page, 'My contacts');
    await row(contacts, 'Lucy Moosehide').waitFor();
  });

  it('show the default headers as secondary text, formatted, and the visibility icon', async () => {
    const lucy = row(contacts, 'Lucy Moosehide');
    await expect.poll(() => lucy.textContent()).toContain('(250) 555-0199');
    const text = await lucy.textContent();
    // E-mail, the organisation by its label (not its id), the phone as spec §5 writes it.
    expect(text).toContain('lucy@cedarridge.example');
    expect(text).toContain('Cedar Ridge Mining Ltd.');
    expect(text).not.toContain('Organization-');
    expect(text).not.toContain('2505550199');
    // One type only: the type name is not repeated on every row.
    expect(text).not.toMatch(/Contact$/);
    await lucy.getByRole('img', { name: 'Protected' }).waitFor();
    // Said in full, label first.
    await results(contacts)
      .getByRole('link', { name: /^Lucy Moosehide .*lucy@cedarridge\.example.*Protected$/ })
      .waitFor();
    await axeCheck(page, 'lists-contacts-light');
  });

  it('show state chips and, in a list of several types, the type', async () => {
    await page.goto(url('/search?c0=protocol'));
    const search = cellAt(page, 0);
    const protocol = row(search, 'Riverbend consultation protocol');
    await expect.poll(() => protocol.textContent()).toContain('Active');
    expect(await protocol.textContent()).toContain('Agreement');
    await protocol.getByRole('img', { name: 'Public' }).waitFor();
    await shot(page, 'lists-search-light');
  });

  it('are links: a new tab opens the item, a plain click opens it beside the list', async () => {
    await page.goto(url('/my-contacts'));
    const lucy = row(contacts, 'Lucy Moosehide');
    const href = await lucy.getAttribute('href');
    expect(href).toMatch(/^\/my-contacts\/i-Contact-\d+\?c1=r%3Amy-contacts$/);

    // Ctrl+click: the browser opens the link in a new tab; this page stays as it was.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      lucy.click({ modifiers: ['Control'] }),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(href!.split('?')[0]);
    await cell(tab, 'Lucy Moosehide').getByRole('heading', { level: 2, name: 'Lucy Moosehide' }).waitFor();
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/my-contacts');

    // The href itself, typed into a new page, opens the list with the item beside it.
    const other = await page.context().newPage();
    await other.goto(url(href!));
    await cell(other, 'Lucy Moosehide').waitFor();
    await cell(other, 'My contacts').waitFor();
    await other.close();

    // A plain click stays in this page and opens the item in the next cell.
    await lucy.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/my-contacts\/i-Contact-\d+$/);
    await cell(page, 'Lucy Moosehide').waitFor();
    await expect.poll(() => lucy.getAttribute('aria-current')).toBe('true');
  });

  it('open from the keyboard: Tab to a row, Enter', async () => {
    await page.goto(url('/my-contacts'));
    const first = results(contacts).getByRole('link').first();
    await first.waitFor();
    const name = (await first.locator('p').first().textContent())!;
    await first.focus();
    await page.keyboard.press('Enter');
    await cell(page, name).waitFor();
    expect(await page.context().pages()).toHaveLength(1);
  });
});

describe('facets', () => {
  it('sit beside the results in a wide cell, and go to a drawer when the cell narrows', async () => {
    const page = await person(OFFICER);
    await page.goto(url('/search'));
    const search = cellAt(page, 0);
    await results(search).getByRole('link').first().waitFor();
    const wide = await panelWidth(search);
    expect(wide).toBeGreaterThanOrEqual(FACETS_BESIDE_MIN_WIDTH);
    const aside = facets(search);
    await aside.waitFor();
    const a = (await aside.boundingBox())!;
    const r = (await results(search).boundingBox())!;
    // Beside: the facets left of the results, side by side from the top.
    expect(a.x + a.width).toBeLessThanOrEqual(r.x);
    expect(Math.abs(a.y - r.y)).toBeLessThan(40);
    expect(await filtersButton(search).getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'lists-facets-beside');

    // The same window, a list in a narrower cell with an item beside it: its facets leave for a
    // drawer. The cell's width decides, not the window's.
    await page.goto(url('/my-contacts'));
    const contacts = cell(page, 'My contacts');
    await results(contacts).getByRole('link').first().click();
    await cellAt(page, 1).waitFor();
    expect(await panelWidth(contacts)).toBeLessThan(FACETS_BESIDE_MIN_WIDTH);
    expect(page.viewportSize()!.width).toBe(1440);
    await expect.poll(() => facets(contacts).count()).toBe(0);
    expect(await filtersButton(contacts).getAttribute('aria-haspopup')).toBe('dialog');
    await filtersButton(contacts).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    const related = facets(drawer).getByRole('region', { name: 'Related' });
    await related.getByRole('button', { name: /^Cedar Ridge Mining Ltd\./ }).click();
    await drawer.getByRole('button', { name: /^Show \d+ results?$/ }).waitFor();
    await axeCheck(page, 'lists-facets-drawer');
    await drawer.getByRole('button', { name: /^Show \d+ results?$/ }).click();
    await drawer.waitFor({ state: 'detached' });
    // The button says how many filters are on.
    await contacts.getByRole('button', { name: 'Filters 1 active' }).waitFor();
    // Lucy Moosehide and Tom Baptiste work at Cedar Ridge (the demo story).
    await expect.poll(() => results(contacts).getByRole('link').count()).toBe(2);
  });
});

describe('on a phone', () => {
  for (const dark of [false, true])
    it(`shows the first result without scrolling (${dark ? 'dark' : 'light'})`, async () => {
      const page = await person(OFFICER, { viewport: PHONE, dark });
      await page.goto(url('/my-contacts'));
      const list = results(page.locator('section[data-cell-index]'));
      const first = list.getByRole('link').first();
      await first.waitFor();
      const box = (await first.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      // No facet panel stacked above the results: they wait behind the Filters button.
      expect(await facets(page).count()).toBe(0);
      await filtersButton(page.locator('section[data-cell-index]')).waitFor();
      await axeCheck(page, `lists-contacts-phone-${dark ? 'dark' : 'light'}`);

      await page.goto(url('/search'));
      await results(page.locator('section[data-cell-index]')).getByRole('link').first().waitFor();
      const s = (await results(page.locator('section[data-cell-index]'))
        .getByRole('link')
        .first()
        .boundingBox())!;
      expect(s.y + s.height).toBeLessThanOrEqual(PHONE.height);
      await shot(page, `lists-search-phone-${dark ? 'dark' : 'light'}`);
    });
});

describe('empty lists', () => {
  it('say when nothing matches the filters, and clear them', async () => {
    const page = await person(OFFICER, { dark: true });
    await page.goto(url('/my-contacts'));
    const contacts = cell(page, 'My contacts');
    await results(contacts).getByRole('link').first().waitFor();
    await axeCheck(page, 'lists-contacts-dark');
    await contacts.getByRole('searchbox', { name: 'Search in this list' }).fill('zzqxwv');
    await contacts.getByText('Nothing matches “zzqxwv”.').waitFor();
    await axeCheck(page, 'lists-empty-filtered-dark');
    await contacts.getByRole('button', { name: 'Clear search', exact: true }).click();
    await results(contacts).getByRole('link').first().waitFor();
    expect(await contacts.getByRole('searchbox', { name: 'Search in this list' }).inputValue()).toBe('');

    await page.goto(url('/search'));
    await results(cellAt(page, 0)).getByRole('link').first().waitFor();
    await axeCheck(page, 'lists-search-dark');
  });

  it('say what belongs there and offer the primary action to those who may take it', async () => {
    const admin = await person(ADMIN);
    await admin.goto(url('/admin.sysalerts'));
    const alerts = cell(admin, 'System alerts');
    await alerts.getByText('No system alerts.').waitFor();
    await alerts.getByText(/A system alert tells every user/).waitFor();
    const create = alerts.getByRole('status').getByRole('button', { name: 'Add the first system alert' });
    await axeCheck(admin, 'lists-empty-sysalerts');
    await create.click();
    await admin.getByRole('dialog', { name: 'New System alert' }).waitFor();

    // Someone who may read no contact, and may not create one: the words, no button.
    await createAccount(app.server.app.services.items, {
      email: 'newcomer@elsewhere.example',
      password: DEMO_PASSWORD,
      name: 'New Comer',
      admin: false,
      memberships: [],
    });
    const newcomer = await person('newcomer@elsewhere.example');
    await newcomer.goto(url('/my-contacts'));
    const contacts = cell(newcomer, 'My contacts');
    await contacts.getByText('No contacts yet.').waitFor();
    await contacts.getByText(/Contacts are the people your organisation works with/).waitFor();
    expect(await contacts.getByRole('button', { name: /^(New|Add)/ }).count()).toBe(0);
  });
});
