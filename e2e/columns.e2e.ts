import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { READABLE_MAX_PX } from '../src/client/shell/layout';
import { cell, cells, fitsWidth, openUserMenu, shot, SITE, type E2EApp, signedInPage } from './helpers/app';

// Working side by side: an organisation, one of its agreements and a thread open as columns on
// a wide screen; one column at a time on a narrow one.

const ORG = 'Riverbend First Nation';
const AGREEMENT = 'Community data-sharing terms';
const THREAD = 'Referral backlog for December';
const MINISTRY = 'Provincial Ministry of Lands';

let app: E2EApp;
let page: Page;

signedInPage('lands.officer@riverbend.example', (s) => ({ app, page } = s));

const pathOf = () => new URL(page.url()).pathname;
const breadcrumbs = () => page.getByRole('navigation', { name: 'Open pages' });
const widthOf = async (title: string) => (await cell(page, title).boundingBox())?.width ?? 0;

describe('columns on a wide screen (1440 × 900)', () => {
  it('opens the organisation from Home', async () => {
    await page.getByRole('link', { name: ORG, exact: true }).first().click();
    // Home's cards open items beside home, as every list does.
    await expect.poll(pathOf).toBe('/home/i-Organization-1');
    // An editor of the community may change its organisation item: it opens as a record to read, with Edit.
    await cell(page, ORG).getByRole('heading', { level: 3, name: ORG }).waitFor();
    await cell(page, ORG).getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe(`${ORG} • ${SITE}`);
    await shot(page, 'columns-organisation');
  });

  it('gives a lone cell the row, and lets cells share it by their declared widths', async () => {
    // The space right of the drawer: no third of it left empty (docs/layout.md).
    const drawerRight = async () => {
      const nav = (await page.getByRole('navigation', { name: 'Navigation' }).boundingBox())!;
      return nav.x + nav.width;
    };
    await page.goto(app.server.url + '/i-Organization-1');
    await cell(page, ORG).waitFor();
    const space = 1440 - (await drawerRight());
    expect(await widthOf(ORG)).toBeGreaterThanOrEqual(Math.min(0.85 * space, READABLE_MAX_PX));

    // Two halves: equal, and together they fill the row.
    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2');
    await cell(page, AGREEMENT).waitFor();
    const [a, b] = [await widthOf(ORG), await widthOf(AGREEMENT)];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
    expect(a + b).toBeGreaterThanOrEqual(0.95 * space);

    // Home (two thirds) beside an item (a half): 4:3, filling the row.
    await page.goto(app.server.url + '/home/i-Organization-1');
    await cell(page, ORG).waitFor();
    const [home, org] = [await widthOf('Home'), await widthOf(ORG)];
    expect(home / org).toBeCloseTo(4 / 3, 1);
    expect(home + org).toBeGreaterThanOrEqual(0.95 * space);
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'columns-home-beside-item');
  });

  it('shows three items side by side, with breadcrumbs naming the focused one', async () => {
    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2/i-Thread-3');
    await cell(page, THREAD).getByRole('heading', { level: 3, name: THREAD }).waitFor();
    await cell(page, AGREEMENT).waitFor();
    await cell(page, ORG).waitFor();
    expect(await cells(page).count()).toBe(3);
    // Side by side: each column starts right of the one before.
    const xs = await Promise.all(
      [ORG, AGREEMENT, THREAD].map(async (t) => (await cell(page, t).boundingBox())!.x),
    );
    expect(xs[0]).toBeLessThan(xs[1]!);
    expect(xs[1]).toBeLessThan(xs[2]!);
    expect(await fitsWidth(page)).toBe(true);
    // Three thirds fit the row: no column is pushed partly out of view.
    const row = (await page.getByRole('region', { name: 'Open pages side by side' }).boundingBox())!;
    for (const t of [ORG, AGREEMENT, THREAD]) {
      const box = (await cell(page, t).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(row.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
    }

    const crumbs = breadcrumbs();
    await crumbs.getByText(THREAD).waitFor();
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe(THREAD);
    expect(await crumbs.getByRole('button').allTextContents()).toEqual([ORG, AGREEMENT]);
    await expect.poll(() => page.title()).toBe(`${THREAD} • ${SITE}`);
    await shot(page, 'columns-three-side-by-side');

    // A breadcrumb moves the focus; the page title follows it.
    await crumbs.getByRole('button', { name: AGREEMENT }).click();
    await expect.poll(() => crumbs.locator('[aria-current="page"]').textContent()).toBe(AGREEMENT);
    await expect.poll(() => page.title()).toBe(`${AGREEMENT} • ${SITE}`);
    expect(await cells(page).count()).toBe(3);
  });

  it('opens a related item in the next column from its chip, and closes a column', async () => {
    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2');
    const agreement = cell(page, AGREEMENT);
    await agreement.getByRole('button', { name: MINISTRY }).first().click();
    await expect.poll(pathOf).toBe('/i-Organization-1/i-Agreement-2/i-Organization-4');
    await cell(page, MINISTRY).getByText('Provincial Ministry of Lands', { exact: true }).first().waitFor();
    await cell(page, MINISTRY).getByText('Government', { exact: true }).first().waitFor();
    expect(await cells(page).count()).toBe(3);
    await shot(page, 'columns-opened-from-chip');

    await cell(page, MINISTRY).getByRole('button', { name: 'Close' }).click();
    await expect.poll(pathOf).toBe('/i-Organization-1/i-Agreement-2');
    await expect.poll(() => cells(page).count()).toBe(2);
    // The first column has no close button: there is always something open.
    expect(await cell(page, ORG).getByRole('button', { name: 'Close' }).count()).toBe(0);
  });

  it('widens a column and narrows it again', async () => {
    const before = await widthOf(AGREEMENT);
    await cell(page, AGREEMENT).getByRole('button', { name: 'Widen column' }).click();
    await cell(page, AGREEMENT).getByRole('button', { name: 'Narrow column' }).waitFor();
    await expect.poll(() => widthOf(AGREEMENT)).toBeGreaterThan(before * 1.5);
    await shot(page, 'columns-widened');
    await cell(page, AGREEMENT).getByRole('button', { name: 'Narrow column' }).click();
    await cell(page, AGREEMENT).getByRole('button', { name: 'Widen column' }).waitFor();
    await expect.poll(() => widthOf(AGREEMENT)).toBeCloseTo(before, 0);
  });

  it('shows one column at a time when "Several columns" is off in the user menu', async () => {
    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2/i-Thread-3');
    await cell(page, THREAD).waitFor();
    expect(await cells(page).count()).toBe(3);
    let menu = await openUserMenu(page);
    const toggle = menu.getByRole('menuitemcheckbox', { name: 'Several columns' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    await expect.poll(() => cells(page).count()).toBe(1);
    await cell(page, THREAD).getByRole('button', { name: 'Back', exact: true }).waitFor();
    await shot(page, 'columns-single-column-setting');

    // The setting is saved to the user: it holds after a reload.
    await page.reload();
    await cell(page, THREAD).getByRole('heading', { level: 3, name: THREAD }).waitFor();
    expect(await cells(page).count()).toBe(1);

    menu = await openUserMenu(page);
    await menu.getByRole('menuitemcheckbox', { name: 'Several columns' }).click();
    await expect
      .poll(() =>
        menu.getByRole('menuitemcheckbox', { name: 'Several columns' }).getAttribute('aria-checked'),
      )
      .toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => cells(page).count()).toBe(3);
  });
});

describe('columns on a narrow screen (800 px)', () => {
  it('shows only the focused column, with Back to the one before', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2/i-Thread-3');
    await cell(page, THREAD).getByRole('heading', { level: 3, name: THREAD }).waitFor();
    expect(await cells(page).count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    expect(await cell(page, THREAD).getByRole('button', { name: 'Widen column' }).count()).toBe(0);
    await breadcrumbs().getByRole('button', { name: AGREEMENT }).waitFor();
    await shot(page, 'columns-narrow-focused-thread');

    await cell(page, THREAD).getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(pathOf).toBe('/i-Organization-1/i-Agreement-2');
    await cell(page, AGREEMENT).waitFor();
    expect(await cells(page).count()).toBe(1);

    // A breadcrumb shows another column in place of this one.
    await breadcrumbs().getByRole('button', { name: ORG }).click();
    await cell(page, ORG).getByRole('heading', { level: 3, name: ORG }).waitFor();
    expect(await cells(page).count()).toBe(1);
    // The first column has nothing to go back to.
    expect(await cell(page, ORG).getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
    await shot(page, 'columns-narrow-first-column');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
