import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import path from 'node:path';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Download,
  Locator,
  Page,
} from 'playwright-core';
import { SYSTEM } from '../../src/server/access/principal';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/demo';
import type { ServerConfig } from '../../src/server/config';
import type { ModuleManifest } from '../../src/kernel/module';
import { openTestDatabase, type TestDatabase } from '../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { launchChromium, SCREENSHOTS } from './browser';

// What every browser test file shares: its own database with the demo data, a real server that
// serves the built client, and Chromium; plus the steps a person takes on every screen.

export const SITE = 'Community Knowledge Keeper';
export const WIDE = { width: 1440, height: 900 };

export interface E2EApp {
  tdb: TestDatabase;
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

/** A free loopback port, for a server whose publicUrl must be known before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function startApp(
  overrides: Partial<ServerConfig> = {},
  /** The module list, when a test adds a module of its own (default: src/modules/index.ts). */
  modules?: readonly ModuleManifest[],
  /** Chromium switches of the test's own (launchChromium's extraArgs: a fake microphone). */
  browserArgs: readonly string[] = [],
  /** Seed the demo with the file store, so its files (the archive's photographs) are there. */
  opts: { demoFiles?: boolean } = {},
): Promise<E2EApp> {
  // The seeded template holds the default modules' demo without its files.
  const tdb = await openTestDatabase({ demo: !modules && !opts.demoFiles });
  const server = await startTestServer(tdb.database, { signInPerAddress: 1000, ...overrides }, modules);
  if (!tdb.seeded)
    await seedDemo(
      server.app.services.items,
      undefined,
      opts.demoFiles ? server.app.services.files : undefined,
    );
  const browser = await launchChromium(browserArgs);
  return {
    tdb,
    server,
    browser,
    async close() {
      await browser.close().catch(() => undefined);
      await server.close();
      await tdb.close();
    },
  };
}

/**
 * A fresh browser profile (one person). The cookie notice is acknowledged up front unless asked
 * to stay, so it does not cover buttons at the bottom of the screen. Service workers are blocked
 * unless asked for (`serviceWorkers: 'allow'`, the offline tests): installing one fetches every
 * asset of the build in each new profile, work no other test needs.
 */
export async function newContext(
  app: E2EApp,
  opts: BrowserContextOptions & { cookieNotice?: boolean } = {},
): Promise<BrowserContext> {
  const { cookieNotice, ...options } = opts;
  // Reduced motion (the app then draws no transition or ripple: client/app/theme.ts), unless a
  // test asks for motion: every dialog, menu and colour change otherwise animates for 200 to
  // 300 ms, frames the machine's two cores render and Playwright waits out before each click.
  const context = await app.browser.newContext({
    viewport: WIDE,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    ...options,
  });
  // Auto-waiting steps give up well before the test's own timeout, so a failure names its step.
  context.setDefaultTimeout(10_000);
  if (!cookieNotice) await context.addCookies([{ name: 'cookies-ok', value: '1', url: app.server.url }]);
  return context;
}

/** Signs in through the form on /sign-in and waits for the home view. */
/** Opens a conversation from /conversations (All), and returns its pane once its messages show. */
export async function openConversation(page: Page, baseUrl: string, subject: string): Promise<Locator> {
  await page.goto(baseUrl + '/conversations');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  // The conversations cell's pane (the thread may also be open beside it as a record, with its own).
  const pane = cell(page, 'Conversations').getByRole('region', { name: subject });
  await pane.getByRole('list', { name: 'Messages, oldest first' }).waitFor();
  return pane;
}

export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(baseUrl + '/sign-in');
  await fillSignIn(page, email, password);
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
}

export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The column (cell) whose title bar reads `title`. */
export function cell(page: Page, title: string | RegExp): Locator {
  return page.locator('section[data-cell-index]').filter({
    has: page.getByRole('heading', { level: 2, name: title, exact: typeof title === 'string' }),
  });
}

/** The column at a position of the path (0 = first), while it is shown. */
export function cellAt(page: Page, index: number): Locator {
  return page.locator(`section[data-cell-index="${index}"]`);
}

/** All open columns that are shown. */
export function cells(page: Page): Locator {
  return page.locator('section[data-cell-index]');
}

/** A facet's value in a results panel's filters, after "Show N more" when the modules' types
 * push it past the first few. */
export async function facetValue(filters: Locator, facet: string, value: RegExp): Promise<Locator> {
  const region = filters.getByRole('region', { name: facet });
  await region.getByRole('button').first().waitFor();
  const more = region.getByRole('button', { name: /^Show \d+ more$/ });
  if (!(await region.getByRole('button', { name: value }).count()) && (await more.count()))
    await more.click();
  return region.getByRole('button', { name: value });
}

/** The text field of a form by its label (MUI marks required ones with an asterisk). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('textbox', { name: new RegExp(`^${escapeRe(label)}( \\*)?$`) });
}

/**
 * Clicks once the element has stopped moving. A record's sections load on their own, and one
 * that grows above a button can move it between Playwright's stability check and the click, on
 * a loaded machine: the click then lands on the space where the button was, and is lost.
 */
export async function clickSteady(target: Locator): Promise<void> {
  let last = '';
  for (let i = 0; i < 40; i++) {
    const box = JSON.stringify(await target.boundingBox());
    if (box === last && box !== 'null') break;
    last = box;
    await target.page().waitForTimeout(250);
  }
  await target.click();
}

/** A snackbar or inline alert with this text. */
export function alertText(page: Page, text: string | RegExp): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The item as the server stores it now, read past every access rule. */
export async function stored(app: E2EApp, id: string): Promise<Record<string, unknown>> {
  return (await app.server.app.services.items.read(SYSTEM, id)) as Record<string, unknown>;
}

/** True when the page is no wider than the window (nothing pushes it sideways). */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * A background task's file, from its "Download …" entry in the Help menu once the task is done
 * (`item`: that entry's name). The browser opens the download in a new tab, which is waited for
 * too, so it does not outlive the test.
 */
export async function downloadFromHelpMenu(
  page: Page,
  item: string | RegExp = /^Download /,
  /** A screenshot of the open menu, before the click. */
  shotName?: string,
): Promise<Download> {
  await page.getByRole('button', { name: /^Help/ }).click();
  const entry = page.getByRole('menu').getByRole('menuitem', { name: item });
  // A task's last steps (a zip of many files) on a loaded machine.
  await entry.waitFor({ timeout: 60_000 });
  await page.waitForTimeout(400); // the menu's opening transition
  if (shotName) await shot(page, shotName);
  const download = page.waitForEvent('download');
  const popup = page
    .context()
    .waitForEvent('page')
    .catch(() => null);
  await entry.click();
  const [file] = await Promise.all([download, popup]);
  return file;
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  return page.getByRole('menu');
}

/**
 * Dark mode on or off from the user menu, then the menu gone (also its fade-out) and focus and
 * pointer away from the menu button, whose tooltip would otherwise be in every picture and check.
 */
export async function setDark(page: Page, on: boolean) {
  const menu = await openUserMenu(page);
  const toggle = menu.getByRole('menuitemcheckbox', { name: 'Dark mode' });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(on));
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The pointer to the bottom-left corner: the drawer's empty end, where no control has a tooltip
  // (the middle of the page may hold a button with one, as a list's display modes do).
  await page.mouse.move(1, (page.viewportSize()?.height ?? 900) - 2);
  // Several may be closing at once (the account button's and a list's display mode's).
  await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
}

export async function shot(page: Page, name: string) {
  // CI's clone and its screenshots are thrown away unlooked-at, and the ~300 PNG encodes cost its
  // two cores minutes; a failed test's screenshot (screenshotOnFailure) is still taken.
  if (process.env.CI && !name.startsWith('FAILED-')) return;
  // Longer than actions' 10 s: a screenshot waits for the page's fonts, which on a loaded CI
  // machine, beside a running import, once took longer (research-gedcom's first attempt).
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), timeout: 30_000 });
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export { DEMO_PASSWORD };

/** After a failed test, a screenshot of each page that is still open, named after the test. */
export function screenshotOnFailure(pages: () => (Page | undefined)[]) {
  afterEach(async ({ task }) => {
    if (!task.result?.errors?.length) return;
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    let i = 0;
    for (const p of pages())
      if (p && !p.isClosed()) await shot(p, `FAILED-${name}-${++i}`).catch(() => undefined);
  });
}

export interface SignedIn {
  app: E2EApp;
  context: BrowserContext;
  page: Page;
}

/**
 * The usual set-up of a test file: its own server with demo data, one browser page signed in as
 * `email`, a screenshot after a failed test, and everything closed at the end.
 */
export function signedInPage(email: string, use: (s: SignedIn) => void): void {
  let s: SignedIn | undefined;
  beforeAll(async () => {
    const app = await startApp();
    const context = await newContext(app);
    const page = await context.newPage();
    await signIn(page, app.server.url, email);
    s = { app, context, page };
    use(s);
  });
  screenshotOnFailure(() => [s?.page]);
  afterAll(async () => {
    await s?.context.close();
    await s?.app.close();
  });
}

/** A file's app and the people it signs in (appWithPeople). */
export interface People {
  /** The file's app, once beforeAll has started it. */
  app(): E2EApp;
  /** A new browser context signed in as `email` (a phone's viewport, say), closed after the file. */
  person(email: string, viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * The set-up of a test file whose tests sign in several people: its own server with demo data,
 * a context per person, a screenshot of every page after a failed test, and everything closed
 * at the end.
 */
export function appWithPeople(): People {
  let app: E2EApp | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    app = await startApp();
  });
  screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await app?.close();
  });
  return {
    app: () => app!,
    async person(email, viewport) {
      const c = await newContext(app!, viewport ? { viewport } : {});
      contexts.push(c);
      const page = await c.newPage();
      await signIn(page, app!.server.url, email);
      return page;
    },
  };
}
