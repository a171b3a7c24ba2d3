import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import {
  cellAt,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// What a person sees of the paths issue 36 put under the rule, as they see it: the History of a
// thread opened to the community after its words were PRIVATE (a member reads "an earlier value
// you may not see" where the council's words were), and an invitation link that no longer works.

const PHONE = { width: 390, height: 844 };
let app: E2EApp;
let context: BrowserContext;
let page: Page;
let thread: string;

async function userId(email: string): Promise<string> {
  const [r] = await query<{ user_id: string }>(
    app.tdb.database.db,
    sql`select user_id from credentials where email = ${email}`,
  );
  return r!.user_id;
}

beforeAll(async () => {
  app = await startApp();
  const items = app.server.app.services.items;
  const officer = (await loadPrincipal(items.db, await userId('lands.officer@riverbend.example')))!;
  const owner = [...officer.orgs.keys()][0]!;
  const t = await items.create(officer, 'Thread', {
    subject: 'Council notes on the crossing',
    owner,
    $access: 'PRIVATE',
  });
  await items.update(officer, {
    $id: t.$id,
    $version: 1,
    subject: 'Council notes: the burial ground at the crossing',
  });
  await items.update(officer, { $id: t.$id, $version: 2, $access: 'COMMUNITY' });
  await items.update(officer, {
    $id: t.$id,
    $version: 3,
    subject: 'Notes on the crossing, for the community',
  });
  thread = t.$id;
  context = await newContext(app);
  page = await context.newPage();
  await signIn(page, app.server.url, 'member@riverbend.example');
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await context?.close();
  await app?.close();
});

async function openHistory() {
  await page.goto(`${app.server.url}/i-${thread}`);
  const c = cellAt(page, 0);
  await c.getByRole('heading', { level: 3, name: 'Notes on the crossing, for the community' }).waitFor();
  await c.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await history.getByRole('list', { name: 'History' }).locator(':scope > li').first().waitFor();
  return history;
}

describe('the History of a thread opened to the community', () => {
  it('shows a member the present words and "an earlier value" for the council’s', async () => {
    const history = await openHistory();
    await history
      .getByText('Subject: an earlier value you may not see → Notes on the crossing, for the community')
      .waitFor();
    expect(await history.textContent()).not.toContain('burial ground');
    await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot only
    await shot(page, 'history-hidden-light');
    await history.getByRole('button', { name: 'Close' }).click();
    await setDark(page, true);
    await openHistory();
    await page.waitForTimeout(300);
    await shot(page, 'history-hidden-dark');
    await page.keyboard.press('Escape');
    await setDark(page, false);
  });

  it('fits a phone', async () => {
    await page.setViewportSize(PHONE);
    const history = await openHistory();
    await history
      .getByText(/an earlier value you may not see/)
      .first()
      .waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'history-hidden-phone');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('an invitation link that no longer works', () => {
  it('asks before joining, then says the link is spent', async () => {
    const anon = await newContext(app);
    const p = await anon.newPage();
    for (const [name, size] of [
      ['light', { width: 1440, height: 900 }],
      ['phone', PHONE],
    ] as const) {
      await p.setViewportSize(size);
      await p.goto(`${app.server.url}/accept-invite?token=a-link-already-used`);
      const accept = p.getByRole('button', { name: 'Accept' });
      await accept.waitFor();
      await shot(p, `accept-invite-${name}`);
      await accept.click();
      await p
        .getByRole('alert')
        .filter({ hasText: /invitation|link/i })
        .waitFor();
      await shot(p, `accept-invite-spent-${name}`);
    }
    await anon.close();
  });
});
