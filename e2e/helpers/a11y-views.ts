import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/query';
import { newContext, screenshotOnFailure, setDark, signIn, startApp, type E2EApp } from './app';
import { axeCheck } from './axe';

// axe-core on every screen, in one colour mode: every view the page's config lists (so a new
// module's views are checked the day they are registered) and a record of every type the demo
// holds, as the site admin (who may open them all) and as a member (who meets the gates).
// a11y-views-light.e2e.ts and a11y-views-dark.e2e.ts each run it for one mode: two files, so
// CI's two browser workers share the longest check (one file of both modes took 7.6 min).
// a11y.e2e.ts covers the signed-out pages and the dialogs and menus that open within screens.

/** The shell's own signed-in text pages (the rest of the shell's views are signed-out pages). */
const SHELL_PAGES = ['terms', 'privacy-policy', 'imprint'];

let app: E2EApp;
const contexts: BrowserContext[] = [];
let current: Page | undefined;
const report: string[] = [];

async function person(email: string, dark: boolean): Promise<Page> {
  const c = await newContext(app, { colorScheme: dark ? 'dark' : 'light' });
  contexts.push(c);
  current = await c.newPage();
  await signIn(current, app.server.url, email);
  // The person's own setting wins over the system's colour scheme.
  await setDark(current, dark);
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

/** The checks of one colour mode, as a file's tests. */
export function a11yViews(mode: 'light' | 'dark'): void {
  beforeAll(async () => {
    // The light and the dark file may run one after the other in one worker (isolate: false),
    // sharing this module: each starts with its own lists.
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

  describe(`${mode} mode`, () => {
    const dark = mode === 'dark';

    // Every view of every module, each checked by axe: longer than the default minute as modules
    // are added (four more with the spatial module and the desk).
    it('every view, as the site admin', { timeout: 240_000 }, async () => {
      const page = await person('admin@riverbend.example', dark);
      const views = [...(await configViews(page)), ...SHELL_PAGES];
      expect(views.length).toBeGreaterThan(15);
      for (const name of views) {
        await open(page, `/${name}`);
        await axeCheck(page, `a11y-view-${mode}-admin-${name}`, report);
      }
    });

    // The member's pass checks what the gates show them; gates do not change with the colour
    // mode, and the dark mode runs the colour rules only (helpers/axe.ts), which the admin's
    // pass over the same views already meets: in dark mode it would be the same work again.
    it.skipIf(dark)(
      'every view, as a member (screens they may not open say so)',
      { timeout: 240_000 },
      async () => {
        const page = await person('member@riverbend.example', dark);
        const views = await configViewGates(page);
        for (const { name } of [...views, ...SHELL_PAGES.map((name) => ({ name }))]) {
          await open(page, `/${name}`);
          await axeCheck(page, `a11y-view-${mode}-member-${name}`, report);
        }
        // The member is no admin and administers no organisation: those screens say so (that they
        // say it before any data loads is url-gating.e2e.ts's; here a busy machine may be slow).
        for (const { name } of views.filter((v) => v.adminOnly || v.minOrgRole)) {
          await page.goto(app.server.url + `/${name}`);
          // A whole page load: on a loaded CI machine it has taken longer than an action's 10 s.
          await page
            .getByText('You do not have access', { exact: false })
            .first()
            .waitFor({ timeout: 30_000 });
        }
      },
    );

    it('a record of every type in the demo, as the site admin', { timeout: 240_000 }, async () => {
      const page = await person('admin@riverbend.example', dark);
      const rows = await query<{ id: string }>(
        app.tdb.database.db,
        sql`select distinct on (type) id from items order by type, num`,
      );
      expect(rows.length).toBeGreaterThan(4);
      for (const { id } of rows) {
        await open(page, `/i-${id}`);
        await axeCheck(page, `a11y-record-${mode}-${id}`, report);
      }
    });
  });
}
