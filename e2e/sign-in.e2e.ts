import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  cell,
  DEMO_PASSWORD,
  fillSignIn,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  shot,
  SITE,
  startApp,
  type E2EApp,
} from './helpers/app';

// Signing in and out as a lands officer would: a shared link to a protected item, a mistyped
// password, the way back to the link, and what the browser shows after signing out.

const OFFICER = 'lands.officer@riverbend.example';
const PROTECTED_TITLE = 'Traditional-use study agreement';

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

const pathOf = (p: Page) => {
  const u = new URL(p.url());
  return u.pathname + u.search;
};

describe('sign-in', () => {
  it('sends a signed-out visit to a protected item to sign-in, remembering where it was going', async () => {
    await page.goto(app.server.url + '/i-Agreement-3');
    await expect.poll(() => pathOf(page)).toBe('/sign-in?next=%2Fi-Agreement-3');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await expect.poll(() => page.title()).toBe(`Sign in • ${SITE}`);
    // Nothing of the item leaks to the signed-out visitor.
    expect(await page.getByText(PROTECTED_TITLE).count()).toBe(0);
    await shot(page, 'sign-in-redirected-from-protected-item');
  });

  it('shows an error for a wrong password and stays on the page', async () => {
    await fillSignIn(page, OFFICER, 'not-the-password');
    await alertText(page, 'That e-mail and password do not match an account.').waitFor();
    expect(pathOf(page)).toBe('/sign-in?next=%2Fi-Agreement-3');
    await shot(page, 'sign-in-wrong-password');
  });

  it('signs in and returns to the page it was asked for', async () => {
    // CI retries a failed test once; a first try whose sign-in landed late leaves the page signed
    // in, so the retry starts signed out at the sign-in page again.
    if (pathOf(page) !== '/sign-in?next=%2Fi-Agreement-3') {
      await context.clearCookies({ name: 'Access-Token' });
      await page.evaluate(() => localStorage.clear());
      await page.goto(app.server.url + '/i-Agreement-3');
      await expect.poll(() => pathOf(page)).toBe('/sign-in?next=%2Fi-Agreement-3');
    }
    await fillSignIn(page, OFFICER, DEMO_PASSWORD);
    await expect.poll(() => pathOf(page)).toBe('/i-Agreement-3');
    await cell(page, PROTECTED_TITLE).getByRole('heading', { level: 3, name: PROTECTED_TITLE }).waitFor();
    await expect.poll(() => page.title()).toBe(`${PROTECTED_TITLE} • ${SITE}`);
    await shot(page, 'sign-in-back-at-protected-item');
  });

  it('sends a signed-in visit to /register home', async () => {
    await page.goto(app.server.url + '/register');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Joseph Redcloud' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await expect.poll(() => page.title()).toBe(`Home • ${SITE}`);
  });

  it('signs out from the user menu, and Back does not bring the item back', async () => {
    await page.goto(app.server.url + '/i-Agreement-3');
    await cell(page, PROTECTED_TITLE).waitFor();
    const menu = await openUserMenu(page);
    await menu.getByText('Signed in as Joseph Redcloud').waitFor();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => pathOf(page)).toBe('/sign-in');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await shot(page, 'sign-in-after-sign-out');

    await page.goBack();
    // Back leads to the item's address, which sends the signed-out visitor to sign in again.
    await expect.poll(() => pathOf(page)).toBe('/sign-in?next=%2Fi-Agreement-3');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.getByText(PROTECTED_TITLE).count()).toBe(0);
    expect(await page.title()).not.toContain(PROTECTED_TITLE);
    expect(await page.evaluate(() => localStorage.getItem('Access-Token'))).toBeNull();
    await shot(page, 'sign-in-back-after-sign-out');
  });

  it("sends a signed-out '/' to plain /sign-in", async () => {
    const other = await newContext(app);
    const p = await other.newPage();
    await p.goto(app.server.url + '/');
    await expect.poll(() => pathOf(p)).toBe('/sign-in');
    await p.getByLabel('Email').waitFor();
    await p.getByLabel('Password').waitFor();
    await other.close();
  });
});
