import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellAt,
  fillSignIn,
  newContext,
  screenshotOnFailure,
  shot,
  startApp,
  type E2EApp,
  DEMO_PASSWORD,
  setDark,
} from './helpers/app';
import { blockingViolations, settled } from './helpers/axe';

// The drawer (icons, folding groups, where you are), the focus after signing in and after
// moving between cells, the focus ring, and readable links in dark mode.

const ORG_ADMIN = 'lands.admin@riverbend.example';

let app: E2EApp;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  context = await newContext(app);
  page = await context.newPage();
});
screenshotOnFailure(() => [page]);
afterAll(async () => {
  await context?.close();
  await app?.close();
});

const drawer = () => page.getByRole('navigation', { name: 'Navigation' });
/** The element that has the keyboard focus, described for the assertions. */
const focused = () =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      heading: el?.hasAttribute('data-cell-heading') ?? false,
      cell: el?.closest('section[data-cell-index]')?.getAttribute('data-cell-index') ?? null,
      text: el?.textContent ?? '',
    };
  });

/** Transitions (a drawer sliding, a menu fading) end; endless ones (a spinner) do not count. */
const settle = () => settled(page);

async function look(name: string) {
  await settle();
  await shot(page, name);
}

describe('focus after signing in and moving between cells', () => {
  it('puts the focus on the home cell’s heading after signing in', async () => {
    await page.goto(app.server.url + '/sign-in');
    await fillSignIn(page, ORG_ADMIN, DEMO_PASSWORD);
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await expect.poll(focused).toMatchObject({ heading: true, cell: '0' });
  });

  it('moves the focus to the heading of a cell opened from the drawer or from a link', async () => {
    await drawer().getByRole('link', { name: 'My organisations' }).click();
    await expect.poll(focused).toMatchObject({ heading: true, cell: '0', text: 'My organisations' });

    await page.goto(app.server.url + '/');
    await page.getByRole('link', { name: 'Riverbend First Nation', exact: true }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home/i-Organization-1');
    await expect.poll(focused).toMatchObject({ heading: true, text: 'Riverbend First Nation' });
  });

  it('moves the focus to the next cell’s heading when one is closed', async () => {
    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2');
    await cellAt(page, 1).getByRole('heading', { level: 2, name: 'Community data-sharing terms' }).waitFor();
    await cellAt(page, 1).getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/i-Organization-1');
    await expect.poll(focused).toMatchObject({ heading: true, cell: '0', text: 'Riverbend First Nation' });
  });
});

describe('the drawer', () => {
  it('shows an icon for each entry and marks the current view with aria-current', async () => {
    await page.goto(app.server.url + '/');
    const links = drawer().getByRole('link');
    await expect.poll(() => links.count()).toBeGreaterThan(5);
    // The icons arrive in their own chunk after start-up.
    await expect.poll(() => drawer().locator('a svg').count()).toBe(await links.count());
    expect(await drawer().locator('[aria-current="page"]').allTextContents()).toEqual(['Home']);

    await drawer().getByRole('link', { name: 'Conversations' }).click();
    await expect
      .poll(() => drawer().locator('[aria-current="page"]').allTextContents())
      .toEqual(['Conversations']);
    await shot(page, 'navigation-drawer-current');
  });

  it('folds and unfolds a group from the keyboard, and remembers it', async () => {
    await page.goto(app.server.url + '/');
    const header = drawer().getByRole('button', { name: 'Administration' });
    const entry = drawer().getByRole('link', { name: 'My organisation', exact: true });
    await entry.waitFor();
    expect(await header.getAttribute('aria-expanded')).toBe('true');

    await header.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => header.getAttribute('aria-expanded')).toBe('false');
    await entry.waitFor({ state: 'hidden' });
    await shot(page, 'navigation-group-folded');

    await page.reload();
    await expect.poll(() => header.getAttribute('aria-expanded')).toBe('false');
    expect(await entry.isVisible()).toBe(false);

    await header.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => header.getAttribute('aria-expanded')).toBe('true');
    await entry.waitFor();
  });

  it('draws a focus ring of 2 px or more on a drawer entry reached by Tab', async () => {
    await page.goto(app.server.url + '/');
    // (From the second entry back to the first: the groups after Help pages vary with the modules.)
    await drawer().getByRole('link', { name: 'Search', exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return {
        tag: el.tagName,
        text: el.textContent,
        width: parseFloat(s.outlineWidth),
        style: s.outlineStyle,
      };
    });
    expect(ring).toMatchObject({ tag: 'A', text: 'Home', style: 'solid' });
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await shot(page, 'navigation-focus-ring');
  });
});

describe('dark mode', () => {
  it('admin.owner: member links are readable (axe: no serious or critical findings)', async () => {
    await setDark(page, true);
    await page.goto(app.server.url + '/admin.owner');
    await page.getByRole('combobox', { name: 'Roles of Daniel Crow' }).waitFor();
    const link = page.getByRole('link', { name: 'Daniel Crow' });
    const colour = await link.evaluate((el) => getComputedStyle(el).color);
    // Not the browser's dark blue (rgb(0, 0, 238)) nor the default dark primary.
    expect(colour).not.toBe('rgb(0, 0, 238)');
    await settle();
    expect(await blockingViolations(page)).toEqual([]);
    await shot(page, 'navigation-admin-owner-dark');
  });

  it('screens of the new look: home and two cells, dark, wide and on a phone', async () => {
    await page.goto(app.server.url + '/');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await expect.poll(() => drawer().locator('a svg').count()).toBeGreaterThan(5);
    await look('look-home-dark');
    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2');
    await cellAt(page, 1).getByRole('heading', { level: 2, name: 'Community data-sharing terms' }).waitFor();
    await look('look-two-cells-dark');
    await setDark(page, false);
    await look('look-two-cells-light');
    await page.goto(app.server.url + '/');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await look('look-home-light');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await look('look-home-phone-light');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer().getByRole('link', { name: 'Home' }).waitFor();
    await look('look-drawer-phone-light');
    // An entry closes the drawer and the focus lands on the new cell's heading, not on the menu button.
    await drawer().getByRole('link', { name: 'My organisations' }).click();
    await expect.poll(focused).toMatchObject({ heading: true, text: 'My organisations' });
    await page.goto(app.server.url + '/');
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await setDark(page, true);
    await look('look-home-phone-dark');
    await setDark(page, false);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
