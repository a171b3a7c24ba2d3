import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/server/auth/accounts';
import {
  cell,
  DEMO_PASSWORD,
  facetValue,
  field,
  newContext,
  shot,
  signIn,
  startApp,
  screenshotOnFailure,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// Search in a real browser: the global search bar, the results page with facets, display modes
// and saved views, what a member may and may not see, and the per-type lists (live updates,
// creating, previous/next).

const OFFICER = 'lands.officer@riverbend.example';
const LANDS_ADMIN = 'lands.admin@riverbend.example';
const MEMBER = 'member@riverbend.example';
const PROTECTED_THREAD = 'Referral backlog for December';
const PROTECTED_AGREEMENT = 'Traditional-use study agreement';

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

async function person(email: string): Promise<Page> {
  const c = await newContext(app);
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, email);
  return page;
}

const url = (p: string) => app.server.url + p;
const pathAndQuery = (page: Page) => {
  const u = new URL(page.url());
  return decodeURIComponent(u.pathname + u.search);
};
const bar = (page: Page) => page.getByRole('combobox', { name: 'Search everything' });
const options = (page: Page) => page.getByRole('listbox').getByRole('option');
const facets = (scope: Locator) => scope.getByRole('complementary', { name: 'Filter the results' });
const facet = (scope: Locator, name: string) => facets(scope).getByRole('region', { name });
const count = (scope: Locator) => scope.getByRole('status').first();

async function openBar(page: Page) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await bar(page).waitFor();
  await expect.poll(() => bar(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('the global search bar', () => {
  let page: Page;
  beforeAll(async () => {
    page = await person(OFFICER);
  });

  it('asks to keep typing under 3 characters, then suggests at most 5 with icon, label and type', async () => {
    await openBar(page);
    await page.keyboard.type('ri');
    await options(page).filter({ hasText: 'Keep typing: at least 3 characters' }).waitFor();
    await shot(page, 'search-bar-keep-typing');
    await page.keyboard.type('verbend');
    // The organisation, its consultations and its responses ('Project — Riverbend First Nation')
    // all match; each suggestion has its icon, its label and its type.
    const first = options(page).first();
    await first.filter({ hasText: 'Riverbend' }).waitFor();
    expect(await first.textContent()).toMatch(
      /Riverbend.*(Organisation|Consultation|Consultation response|Archive entry)$/,
    );
    expect(await first.locator('svg').count()).toBe(1);
    // Suggestions plus the 'search results' entry.
    const texts = await options(page).allTextContents();
    expect(texts.length).toBeLessThanOrEqual(6);
    expect(texts.at(-1)).toBe('All search results for “riverbend”');
    await axeCheck(page, 'search-bar-suggestions');

    // Arrow keys move through the list (the combobox points at the active option).
    await page.keyboard.press('ArrowDown');
    expect(await bar(page).getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('ArrowUp');
  });

  it('goes to /search?c0={text} on Enter', async () => {
    await page.keyboard.press('Enter');
    await expect.poll(() => pathAndQuery(page)).toBe('/search?c0=riverbend');
    const results = cell(page, 'Search');
    await results
      .getByRole('list', { name: 'Results' })
      .getByRole('link', { name: /^Riverbend First Nation/ })
      .waitFor();
    await expect.poll(() => count(results).textContent()).toMatch(/^\d+ results?$/);
    expect(await bar(page).count()).toBe(0);
    await shot(page, 'search-results-from-bar');
  });

  it('shows the item a complete id names; Enter opens it', async () => {
    await openBar(page);
    await page.keyboard.type('Thread-3');
    await options(page).filter({ hasText: PROTECTED_THREAD }).waitFor();
    await shot(page, 'search-bar-item-id');
    await page.keyboard.press('Enter');
    await expect.poll(() => pathAndQuery(page)).toBe('/i-Thread-3');
    await cell(page, PROTECTED_THREAD).waitFor();
  });

  it('says when nothing matches, and Escape closes the bar', async () => {
    await openBar(page);
    await page.keyboard.type('zzqxw');
    await options(page).filter({ hasText: 'No results' }).waitFor();
    await page.keyboard.press('Escape');
    await bar(page).waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Search', exact: true })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
  });
});

describe('the results page', () => {
  let page: Page;
  let results: Locator;
  let viewLink = '';

  beforeAll(async () => {
    page = await person(OFFICER);
    await page.goto(url('/search'));
    // The first column (its title becomes the view's name once saved).
    results = page.locator('section[data-cell-index="0"]');
    await facet(results, 'Type').waitFor();
  });

  it('narrows to a type, then by that type’s own facets, with removable chips', async () => {
    await (await facetValue(facets(results), 'Type', /^Agreement/)).click();
    await results.getByRole('button', { name: 'Remove filter Type: Agreement' }).waitFor();
    // The officer reads the public, community and protected agreements, not the private draft.
    await expect.poll(() => count(results).textContent()).toBe('3 results');
    const state = facet(results, 'State');
    await state.getByRole('button', { name: /^Active\s*2$/ }).waitFor();
    await state.getByRole('button', { name: /^Draft\s*1$/ }).waitFor();
    await state.getByRole('button', { name: /^Active/ }).click();
    await expect.poll(() => count(results).textContent()).toBe('2 results');
    expect(await state.getByRole('button', { name: /^Active/ }).getAttribute('aria-pressed')).toBe('true');
    await results.getByRole('button', { name: 'Remove filter State: Active' }).waitFor();
    // Date facets come as translated bands.
    await facet(results, 'Created')
      .getByRole('button', { name: /^Today/ })
      .waitFor();
    await axeCheck(page, 'search-facets-narrowed');

    // A chip takes its filter away (Delete on the focused chip works too).
    await results.getByRole('button', { name: 'Remove filter State: Active' }).focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => count(results).textContent()).toBe('3 results');
    await state.getByRole('button', { name: /^Active/ }).click();
    await expect.poll(() => count(results).textContent()).toBe('2 results');
  });

  it('switches between list, table, cards, timeline and carousel', async () => {
    const modes = results.getByRole('group', { name: 'Show results as' });
    await modes.getByRole('button', { name: 'Table' }).click();
    const table = results.getByRole('table', { name: 'Results' });
    await table.waitFor();
    // The title is the agreement's name: it is the row header, no separate name column.
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Title',
      'State',
      'With',
      'Created',
    ]);
    await table.getByRole('cell', { name: 'Provincial Ministry of Lands' }).waitFor();
    // Sorting by a column header.
    await table.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
    await expect
      .poll(async () => (await table.getByRole('rowheader').allTextContents()).join(' | '))
      .toBe('Community data-sharing terms | Riverbend consultation protocol');
    await table.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
    await expect
      .poll(async () => (await table.getByRole('rowheader').allTextContents()).join(' | '))
      .toBe('Riverbend consultation protocol | Community data-sharing terms');
    // Choosing columns.
    await results.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Visibility' }).click();
    await page.keyboard.press('Escape');
    await table.getByRole('columnheader', { name: 'Visibility' }).waitFor();
    await shot(page, 'search-table');

    await modes.getByRole('button', { name: 'Cards' }).click();
    await results
      .getByRole('list', { name: 'Results' })
      .getByRole('link', { name: /Community data-sharing terms/ })
      .waitFor();
    await axeCheck(page, 'search-cards');

    await modes.getByRole('button', { name: 'Timeline' }).click();
    await results
      .getByRole('region', { name: /^Results by/ })
      .getByRole('heading', { level: 3 })
      .first()
      .waitFor();
    await axeCheck(page, 'search-timeline');

    await modes.getByRole('button', { name: 'One at a time' }).click();
    const carousel = results.getByRole('region', { name: 'Results' });
    await carousel.getByRole('group', { name: '1 of 2' }).waitFor();
    await carousel.getByRole('button', { name: 'Next result' }).click();
    await carousel.getByRole('group', { name: '2 of 2' }).waitFor();
    await carousel.getByRole('button', { name: 'Next result' }).click();
    await carousel.getByRole('group', { name: '1 of 2' }).waitFor();
    await axeCheck(page, 'search-carousel');

    // The timeline sorted by date; the table goes back to titles A to Z.
    await modes.getByRole('button', { name: 'Table' }).click();
    await table.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
    await expect
      .poll(async () => (await table.getByRole('rowheader').allTextContents()).join(' | '))
      .toBe('Community data-sharing terms | Riverbend consultation protocol');
    await axeCheck(page, 'search-table');
  });

  it('saves the view under a name and gives its link', async () => {
    await results.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Required').waitFor();
    await field(dialog, 'Name of the view').fill('Active agreements');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const link = dialog.getByRole('textbox', { name: 'Link to this view' });
    await link.waitFor();
    viewLink = await link.inputValue();
    expect(viewLink).toMatch(new RegExp(`^${app.server.url}/search\\?h=[0-9a-f]{32}$`));
    await shot(page, 'search-view-saved');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await results.getByText('Saved view: Active agreements').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe(new URL(viewLink).search);
  });

  it('reopens the view exactly from its link in a fresh page', async () => {
    const fresh = await page.context().newPage();
    await fresh.goto(viewLink);
    const reopened = cell(fresh, 'Active agreements');
    await reopened.getByText('Saved view: Active agreements').waitFor();
    await reopened.getByRole('button', { name: 'Remove filter Type: Agreement' }).waitFor();
    await reopened.getByRole('button', { name: 'Remove filter State: Active' }).waitFor();
    const table = reopened.getByRole('table', { name: 'Results' });
    await expect
      .poll(async () => (await table.getByRole('rowheader').allTextContents()).join(' | '))
      .toBe('Community data-sharing terms | Riverbend consultation protocol');
    expect(await count(reopened).textContent()).toBe('2 results');
    expect(await reopened.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    await shot(fresh, 'search-view-reopened');
    await fresh.close();
  });

  it('is private until shared; shared with the organisation, a member opens it', async () => {
    const member = await person(MEMBER);
    await member.goto(viewLink);
    await member.getByText('This saved view does not exist, or is not shared with you.').waitFor();

    await results.getByRole('button', { name: 'Share view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this view' });
    await dialog.getByRole('radio', { name: 'Members of my organisation' }).check();
    await axeCheck(page, 'search-view-share');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await results.getByText('Visibility: Community').waitFor();

    await member.goto(viewLink);
    const shared = cell(member, 'Active agreements');
    await shared.getByText('Saved view: Active agreements').waitFor();
    await expect
      .poll(async () => (await shared.getByRole('rowheader').allTextContents()).join(' | '))
      .toBe('Community data-sharing terms | Riverbend consultation protocol');
    // Shared views belong to the organisation: a member may not change or reshare it.
    expect(await shared.getByRole('button', { name: 'Share view' }).count()).toBe(0);
    await shot(member, 'search-view-opened-by-member');
  });
});

describe('what a member may see', () => {
  it('never shows a protected title to a member, in suggestions, results, counts or facets', async () => {
    const page = await person(MEMBER);
    await openBar(page);
    await page.keyboard.type('Referral');
    await options(page).filter({ hasText: 'No results' }).waitFor();
    await page.keyboard.press('Escape');

    await openBar(page);
    await page.keyboard.type('Thread-3');
    await options(page).filter({ hasText: 'You do not have access to this.' }).waitFor();
    expect(await page.getByText(PROTECTED_THREAD).count()).toBe(0);
    await shot(page, 'search-member-id-hidden');
    await page.keyboard.press('Enter');
    await expect.poll(() => pathAndQuery(page)).toBe('/search?c0=Thread-3');

    await page.goto(url('/search?c0=study'));
    const results = cell(page, 'Search');
    await expect.poll(() => count(results).textContent()).toBe('0 results');

    await page.goto(url('/search'));
    await (await facetValue(facets(results), 'Type', /^Agreement/)).click();
    await expect.poll(() => count(results).textContent()).toBe('2 results');
    const state = facet(results, 'State');
    await state.getByRole('button', { name: /^Active\s*2$/ }).waitFor();
    expect(await state.getByRole('button', { name: /^Draft/ }).count()).toBe(0);
    expect(await facet(results, 'Visibility').getByRole('button').allTextContents()).toEqual([
      expect.stringMatching(/^(Public|Community)1$/),
      expect.stringMatching(/^(Public|Community)1$/),
    ]);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain(PROTECTED_AGREEMENT);
    expect(text).not.toContain(PROTECTED_THREAD);
    await shot(page, 'search-member-agreements');
  });

  it('shows them to lands.admin', async () => {
    const page = await person(LANDS_ADMIN);
    await openBar(page);
    await page.keyboard.type('Referral');
    await options(page).filter({ hasText: PROTECTED_THREAD }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(url('/search?c0=study'));
    const results = cell(page, 'Search');
    // The protected agreement, the archive's land use study and the research module's study
    // (PROTECTED: Riverbend's staff read it; the member above does not).
    await expect.poll(() => count(results).textContent()).toBe('3 results');
    await results.getByRole('link', { name: new RegExp(PROTECTED_AGREEMENT) }).waitFor();

    await page.goto(url('/search'));
    await (await facetValue(facets(results), 'Type', /^Agreement/)).click();
    await expect.poll(() => count(results).textContent()).toBe('4 results');
    await facet(results, 'State')
      .getByRole('button', { name: /^Draft\s*2$/ })
      .waitFor();
    await shot(page, 'search-lands-admin-agreements');
  });
});

describe('per-type lists', () => {
  let officer: Page;
  let contacts: Locator;
  const names = async () =>
    // Each row link's label (its first line; the default headers follow).
    contacts.getByRole('list', { name: 'Results' }).getByRole('link').locator('p').allTextContents();

  beforeAll(async () => {
    officer = await person(OFFICER);
  });

  it('are in the drawer, each on its own screen', async () => {
    const nav = officer.getByRole('navigation', { name: 'Navigation' });
    for (const name of ['Search', 'Timeline', 'My organisations', 'My contacts', 'Lists of values'])
      await nav.getByRole('link', { name, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'All items' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Timeline' }).click();
    const timeline = cell(officer, 'Timeline');
    await timeline.getByRole('region', { name: 'Results by Last changed' }).waitFor();
    await shot(officer, 'list-timeline');

    await nav.getByRole('link', { name: 'Lists of values', exact: true }).click();
    const lovs = cell(officer, 'Lists of values');
    // Core's action types among the lists the consult demo adds (regions, streams, outcomes…).
    await expect
      .poll(async () => {
        const shown = await lovs.getByRole('rowheader').allTextContents();
        return ['Letter', 'Meeting', 'Phone call', 'Site visit'].every((v) => shown.includes(v));
      })
      .toBe(true);

    await nav.getByRole('link', { name: 'My organisations' }).click();
    const orgs = cell(officer, 'My organisations');
    await expect
      .poll(async () =>
        (
          await orgs.getByRole('list', { name: 'Results' }).getByRole('link').locator('p').allTextContents()
        ).join(', '),
      )
      .toBe(
        'Cedar Ridge Mining Ltd., Crane & Hollis Barristers, Eastern University Museum of Anthropology, Northern Pipeline Corp., Northern Provincial Archives, Provincial Ministry of Lands, Riverbend First Nation, Royal Provincial Museum, Salmon Creek Watershed Society, Tamarack Environmental Consulting, Valley Museum of History',
      );
  });

  it('lists contacts by last name', async () => {
    await officer.goto(url('/my-contacts'));
    contacts = cell(officer, 'My contacts');
    await expect
      .poll(names, { timeout: 10_000 })
      .toEqual([
        'Site Administrator',
        'Tom Baptiste',
        'Daniel Crow',
        'Henry Joe',
        'Ian McLeod',
        'Lucy Moosehide',
        'Linda Park',
        'Grace Peters',
        'Joseph Redcloud',
        'Anna Swiftwater',
        'Mary Thunderbird',
        'Rose Whitehorse',
      ]);
    await shot(officer, 'list-my-contacts');
  });

  it('updates live when someone else creates a contact, made with the create dialog', async () => {
    await axeCheck(officer, 'list-my-contacts');
    const admin = await person(LANDS_ADMIN);
    // my-contacts offers creation to site admins only (spec core §6); an organisation admin
    // creates contacts on admin.contacts, by the Contact type's own rule.
    await admin.goto(url('/my-contacts'));
    await cell(admin, 'My contacts').getByRole('status').filter({ hasText: /\d/ }).first().waitFor();
    expect(await cell(admin, 'My contacts').getByRole('button', { name: 'New Contact' }).count()).toBe(0);
    await admin.goto(url('/admin.contacts'));
    const list = cell(admin, 'Organisation contacts');
    await list.getByRole('button', { name: 'New Contact' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New Contact' });
    // Every field drawn (a module's editor loads with its half), so the button stays where it is.
    await dialog.getByRole('combobox', { name: 'Traditional Knowledge labels' }).waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Required').first().waitFor();
    await axeCheck(admin, 'list-create-contact-errors');
    await field(dialog, 'First name').fill('Nora');
    await field(dialog, 'Last name').fill('Eagleheart');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The new contact opens in the next column.
    await cell(admin, 'Nora Eagleheart')
      .getByRole('heading', { level: 3, name: 'Nora Eagleheart' })
      .waitFor();
    await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/admin\.contacts\/i-Contact-\d+$/);

    // The officer's open list shows it without a reload.
    await expect.poll(names, { timeout: 10_000 }).toContain('Nora Eagleheart');
    expect((await names())[3]).toBe('Nora Eagleheart');
    await shot(officer, 'list-my-contacts-live');
  });

  it('walks the results with previous and next, wrapping around', async () => {
    await contacts.getByRole('link', { name: /^Site Administrator/ }).click();
    await expect.poll(() => pathAndQuery(officer)).toBe('/my-contacts/i-Contact-1?c1=r:my-contacts');
    let item = cell(officer, 'Site Administrator');
    const nav = () => item.getByRole('navigation', { name: 'Search results' });
    await nav().getByText('1 of 13').waitFor();
    await axeCheck(officer, 'list-previous-next');

    await nav().getByRole('button', { name: 'Previous result' }).click();
    item = cell(officer, 'Rose Whitehorse');
    await nav().getByText('13 of 13').waitFor();
    await nav().getByRole('button', { name: 'Next result' }).click();
    item = cell(officer, 'Site Administrator');
    await nav().getByText('1 of 13').waitFor();
    await nav().getByRole('button', { name: 'Next result' }).click();
    item = cell(officer, 'Tom Baptiste');
    await nav().getByText('2 of 13').waitFor();
    // The list marks the open item.
    await contacts
      .getByRole('link', { name: /^Tom Baptiste/ })
      .and(contacts.locator('[aria-current="true"]'))
      .waitFor();

    // The same in the cell menu.
    await item.getByRole('button', { name: 'More actions' }).click();
    await officer.getByRole('menuitem', { name: 'Next result' }).click();
    await cell(officer, 'Daniel Crow').waitFor();
  });

  it('asks for the organisation when the user could create in several', async () => {
    const items = app.server.app.services.items;
    await createAccount(items, {
      email: 'two.hats@riverbend.example',
      password: DEMO_PASSWORD,
      name: 'Ruth Twohats',
      admin: false,
      memberships: [
        { org: 'Organization-1', roles: ['orgAdmin'] },
        { org: 'Organization-2', roles: ['orgAdmin'] },
      ],
    });
    // Organisation admins create contacts on admin.contacts (my-contacts: site admins only).
    const page = await person('two.hats@riverbend.example');
    await page.goto(url('/admin.contacts'));
    await cell(page, 'Organisation contacts').getByRole('button', { name: 'New Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Contact' });
    await field(dialog, 'First name').fill('Owen');
    await field(dialog, 'Last name').fill('Pipeline');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Choose which organisation this belongs to.').waitFor();
    await dialog.getByRole('combobox', { name: /^Organisation/ }).click();
    await page.getByRole('option', { name: 'Northern Pipeline Corp.' }).click();
    await axeCheck(page, 'list-create-choose-owner');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const created = cell(page, 'Owen Pipeline');
    await created.getByRole('button', { name: 'Northern Pipeline Corp.' }).waitFor();
  });

  it('gives admins all items, as a table', async () => {
    const admin = await person('admin@riverbend.example');
    await admin
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'All items' })
      .click();
    const all = cell(admin, 'All items');
    await all.getByRole('table', { name: 'Results' }).waitFor();
    // Also the types the general search leaves out.
    await (await facetValue(facets(all), 'Type', /^User/)).waitFor();
    await shot(admin, 'list-all-items');

    // Dark mode comes from the theme.
    await admin.getByRole('button', { name: 'Account' }).click();
    await admin.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
    await expect
      .poll(() => admin.getByRole('menuitemcheckbox', { name: 'Dark mode' }).getAttribute('aria-checked'))
      .toBe('true');
    await admin.keyboard.press('Escape');
    await all.getByRole('button', { name: 'Cards' }).click();
    await all.getByRole('list', { name: 'Results' }).waitFor();
    await axeCheck(admin, 'list-all-items-dark-cards');
    await openBar(admin);
    await admin.keyboard.type('river');
    await options(admin).filter({ hasText: 'Riverbend' }).first().waitFor();
    await axeCheck(admin, 'search-bar-dark');
  });
});
