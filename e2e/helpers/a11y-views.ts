import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/query';
import { newContext, screenshotOnFailure, signIn, startApp, type E2EApp } from './app';
import { axeBothModes, axeCheck } from './axe';

// axe-core on every screen, in light and in dark mode: every view the page's config lists (so a
// new module's views are checked the day they are registered) and a record of every type the demo
// holds, as the site admin (who may open them all) and as a member (who meets the gates). Each
// screen is opened once and checked in both modes: the people here have chosen no mode, so the
// app follows the system's colour scheme (App.tsx), which the test switches in place
// (emulateMedia) with no page load. Two files, one per mode, each opened every screen again:
// 436 s of one worker's time in CI (e2e/durations.json). a11y.e2e.ts covers the signed-out pages
// and the dialogs and menus that open within screens.

/** The shell's own signed-in text pages (the rest of the shell's views are signed-out pages). */
const SHELL_PAGES = ['terms', 'privacy-policy', 'imprint'];

let app: E2EApp;
const contexts: BrowserContext[] = [];
let current: Page | undefined;
const report: string[] = [];

async function person(email: string): Promise<Page> {
  const c = await newContext(app, { colorScheme: 'light' });
  contexts.push(c);
  current = await c.newPage();
  await signIn(current, app.server.url, email);
  // Colours are measured as they settle, never mid-way through a button's fade.
  await current.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  // The pointer in the drawer's empty end, as setDark leaves it: no row under it is hovered.
  await current.mouse.move(1, (current.viewportSize()?.height ?? 900) - 2);
  return current;
}

/** The views the page's config names (every registered module's). */
async function configViews(page: Page): Promise<string[]> {
  return (await configViewGates(page)).map((v) => v.name);
}

/** The config's views with their gates. */
async function configViewGates(
  page: Page,
): Promise<{ name: string; adminOnly?: boolean; minOrgRole?: string }[]> {
  return page.evaluate(() => {
    const config = JSON.parse(document.getElementById('config')!.textContent!) as {
      views: { name: string; adminOnly?: boolean; minOrgRole?: string }[];
    };
    return config.views;
  });
}

/**
 * Opens a path as the app's own links do (the router's history, no page load: a full load of the
 * app for each of some 150 screens was half of these files' time), and waits until its first cell
 * has its heading and nothing is loading.
 */
async function open(page: Page, path: string) {
  const here = new URL(page.url()).pathname;
  // The signed-in start page '/' is the home view.
  if ((here === '/' ? '/home' : here) !== path) {
    // A cell is keyed by its path, so the new view's first cell is a new element: the old one is
    // marked, and the new view is in place once no marked cell is left.
    await page.evaluate((to) => {
      document.querySelector('section[data-cell-index]')?.setAttribute('data-a11y-left', '');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    await page.locator('section[data-a11y-left]').waitFor({ state: 'detached' });
  }
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await expect
    .poll(() => page.locator('[role=progressbar]:visible').count(), {
      timeout: 10_000,
      message: `${path} still loading`,
    })
    .toBe(0);
}

/** The checks, as a file's tests. */
export function a11yViews(): void {
  beforeAll(async () => {
    // Another file may have used this module in the same worker (isolate: false): fresh lists.
    contexts.length = 0;
    report.length = 0;
    app = await startApp();
  });
  screenshotOnFailure(() => [current]);
  afterAll(async () => {
    console.log(report.length ? ['axe-core, minor and moderate (not failing):', ...report].join('\n') : '');
    for (const c of contexts) await c.close().catch(() => undefined);
    await app?.close();
  });

  describe('light and dark mode', () => {
    // Every view of every module, each checked by axe in both modes: longer than the default
    // minute as modules are added (four more with the spatial module and the desk).
    it('every view, as the site admin', { timeout: 400_000 }, async () => {
      const page = await person('admin@riverbend.example');
      const views = [...(await configViews(page)), ...SHELL_PAGES];
      expect(views.length).toBeGreaterThan(15);
      for (const name of views) {
        await open(page, `/${name}`);
        await axeBothModes(page, `a11y-view-admin-${name}`, report);
      }
    });

    // The member's pass checks what the gates show them, in light mode: gates do not change with
    // the colour mode, and dark mode runs the colour rules only (helpers/axe.ts), which the
    // admin's pass over the same views already meets.
    it('every view, as a member (screens they may not open say so)', { timeout: 240_000 }, async () => {
      const page = await person('member@riverbend.example');
      const views = await configViewGates(page);
      for (const { name } of [...views, ...SHELL_PAGES.map((name) => ({ name }))]) {
        await open(page, `/${name}`);
        await axeCheck(page, `a11y-view-member-${name}`, report);
      }
      // The member is no admin and administers no organisation: those screens say so (that they
      // say it before any data loads is url-gating.e2e.ts's; here a busy machine may be slow).
      for (const { name } of views.filter((v) => v.adminOnly || v.minOrgRole)) {
        await page.goto(app.server.url + `/${name}`);
        // A whole page load: on a loaded CI machine it has taken longer than an action's 10 s.
        await page.getByText('You do not have access', { exact: false }).first().waitFor({ timeout: 30_000 });
      }
    });

    it('a record of every type in the demo, as the site admin', { timeout: 400_000 }, async () => {
      const page = await person('admin@riverbend.example');
      const rows = await query<{ id: string }>(
        app.tdb.database.db,
        sql`select distinct on (type) id from items order by type, num`,
      );
      expect(rows.length).toBeGreaterThan(4);
      for (const { id } of rows) {
        await open(page, `/i-${id}`);
        await axeBothModes(page, `a11y-record-${id}`, report);
      }
    });
  });
}
