import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import { newContext, screenshotOnFailure, setDark, signIn, startApp, type E2EApp } from './helpers/app';
import { axeCheck } from './helpers/axe';

// axe-core on every screen, in light and dark: every view the page's config lists (so a new
// module's views are checked the day they are registered) and a record of every type the demo
// holds, as the site admin (who may open them all) and as a member (who meets the gates).
// a11y.e2e.ts covers the signed-out pages and the dialogs and menus that open within screens.

/** The shell's own signed-in text pages (the rest of the shell's views are signed-out pages). */
const SHELL_PAGES = ['terms', 'privacy-policy', 'imprint'];

let app: E2EApp;
const contexts: BrowserContext[] = [];
let current: Page | undefined;
const report: string[] = [];

beforeAll(async () => {
  app = await startApp();
});
screenshotOnFailure(() => [current]);
afterAll(async () => {
  console.log(report.length ? ['axe-core, minor and moderate (not failing):', ...report].join('\n') : '');
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

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

/** Opens a path and waits until its first cell has its heading and nothing is loading. */
async function open(page: Page, path: string) {
  await page.goto(app.server.url + path);
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await expect
    .poll(() => page.locator('[role=progressbar]:visible').count(), {
      timeout: 10_000,
      message: `${path} still loading`,
    })
    .toBe(0);
}

for (const mode of ['light', 'dark'] as const)
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

    it('every view, as a member (screens they may not open say so)', { timeout: 240_000 }, async () => {
      const page = await person('member@riverbend.example', dark);
      const views = await configViewGates(page);
      for (const { name } of [...views, ...SHELL_PAGES.map((name) => ({ name }))]) {
        await open(page, `/${name}`);
        await axeCheck(page, `a11y-view-${mode}-member-${name}`, report);
      }
      // The member is no admin and administers no organisation: those screens say so at once.
      for (const { name } of views.filter((v) => v.adminOnly || v.minOrgRole)) {
        await page.goto(app.server.url + `/${name}`);
        await page.getByText('You do not have access', { exact: false }).first().waitFor({ timeout: 3000 });
      }
    });

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
