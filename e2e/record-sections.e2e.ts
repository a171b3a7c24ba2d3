import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import {
  cellAt,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// A record's sections below its fields, as the lands officer: a contact shows what points at it
// (Related, never what the officer may not read) and the conversations about it, with a new one
// started from there; a Thread opened as an item is its conversation (messages, reply box); a
// date is typed and picked in DD-MMM-YYYY with the date picker.

const OFFICER = 'lands.officer@riverbend.example';
const LUCY = 'Contact-8';
const ABOUT = 'Access road past Cedar Ridge';
const ABOUT_FIRST = 'Lucy asked about the gate on the access road.';
const POINTING = 'Site visit with Cedar Ridge';
const HIDDEN = 'Confidential note about Lucy';

let app: E2EApp;
let context: BrowserContext;
let page: Page;
let aboutId = '';
let pointingId = '';
let hiddenId = '';

beforeAll(async () => {
  app = await startApp();
  const items = app.server.app.services.items;
  const owner = (await stored(app, LUCY)).owner as string;
  // A conversation about Lucy (context) with one message, a thread naming her as a participant
  // (Related), and a PRIVATE one naming her that the officer (staff) may not read.
  const about = await items.create(SYSTEM, 'Thread', {
    subject: ABOUT,
    context: LUCY,
    owner,
    $access: 'COMMUNITY',
  });
  aboutId = about.$id;
  await items.create(SYSTEM, 'Message', { thread: aboutId, body: ABOUT_FIRST });
  pointingId = (
    await items.create(SYSTEM, 'Thread', {
      subject: POINTING,
      participants: [LUCY],
      owner,
      $access: 'PROTECTED',
    })
  ).$id;
  hiddenId = (
    await items.create(SYSTEM, 'Thread', { subject: HIDDEN, participants: [LUCY], owner, $access: 'PRIVATE' })
  ).$id;
  context = await newContext(app);
  page = await context.newPage();
  await signIn(page, app.server.url, OFFICER);
});

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await context?.close();
  await app?.close();
});

const pathOf = () => new URL(page.url()).pathname;

/** Dark mode as a person turns it on: the user menu's switch. */
async function setTheme(mode: 'light' | 'dark') {
  const menu = await openUserMenu(page);
  const toggle = menu.getByRole('menuitemcheckbox', { name: 'Dark mode' });
  if ((await toggle.getAttribute('aria-checked')) !== String(mode === 'dark')) await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(mode === 'dark'));
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(1300, 850);
}

/** A screenshot, then axe-core: no serious or critical finding. */
const shotAndCheck = (name: string) => axeCheck(page, name);

describe('the sections of a record', () => {
  it('a contact shows Related (readable pointers only, real links) and Conversations about it', async () => {
    await page.goto(app.server.url + '/i-' + LUCY);
    const c = cellAt(page, 0);
    const related = c.getByTestId('section-related');
    await related.getByRole('heading', { name: /^Related/ }).waitFor();
    const group = related.getByRole('list', { name: /^Thread: \d+ related$/ });
    const link = group.getByRole('link', { name: POINTING });
    await link.waitFor();
    // A real link: the address the cell gets (open in a new tab works).
    expect(await link.getAttribute('href')).toBe(`/i-${LUCY}/i-${pointingId}`);
    // The conversation about Lucy is under Conversations, not Related; the PRIVATE one nowhere.
    expect(await related.getByText(ABOUT).count()).toBe(0);
    expect(await c.getByText(HIDDEN).count()).toBe(0);
    expect(await c.locator(`a[href$="/i-${hiddenId}"]`).count()).toBe(0);

    const conv = c.getByTestId('section-conversations');
    await conv.getByRole('link', { name: new RegExp(ABOUT) }).waitFor();
    const history = c.getByTestId('section-history');
    await history.getByRole('list', { name: 'History' }).waitFor();
    await setTheme('light');
    await related.scrollIntoViewIfNeeded();
    await shotAndCheck('record-sections-light');
    await setTheme('dark');
    await shotAndCheck('record-sections-dark');
    await setTheme('light');

    await link.click();
    await expect.poll(pathOf).toBe(`/i-${LUCY}/i-${pointingId}`);
  });

  it('a new conversation starts from the contact and opens as a thread, where a reply posts', async () => {
    await page.goto(app.server.url + '/i-' + LUCY);
    const conv = cellAt(page, 0).getByTestId('section-conversations');
    await conv.getByRole('button', { name: 'New conversation' }).click();
    await conv.getByRole('textbox', { name: /^Subject/ }).fill('Fence line along the creek');
    await conv.getByRole('button', { name: 'Start' }).click();
    await expect.poll(pathOf).toMatch(new RegExp(`^/i-${LUCY}/i-Thread-\\d+$`));
    const id = pathOf().split('/i-')[2]!;
    expect(await stored(app, id)).toMatchObject({ subject: 'Fence line along the creek', context: LUCY });
    const thread = cellAt(page, 1).getByTestId('thread-record');
    await thread.getByRole('textbox', { name: 'Your reply' }).fill('I will walk it with Lucy on Monday.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.getByTestId('message').filter({ hasText: 'I will walk it with Lucy on Monday.' }).waitFor();
  });

  it('a Thread opened as an item shows its messages and its reply box, and a reply posts', async () => {
    await page.goto(app.server.url + '/i-' + aboutId);
    const thread = cellAt(page, 0).getByTestId('thread-record');
    const messages = thread.getByRole('list', { name: 'Messages, oldest first' });
    await messages.getByText(ABOUT_FIRST).waitFor();
    await thread.getByRole('textbox', { name: 'Your reply' }).fill('The gate is open on weekdays.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await messages.getByText('The gate is open on weekdays.').waitFor();
    await setTheme('light');
    await shotAndCheck('record-thread-light');
    await setTheme('dark');
    await shotAndCheck('record-thread-dark');
    await setTheme('light');
    // A phone, as it loads the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(app.server.url + '/i-' + aboutId);
    await cellAt(page, 0).getByTestId('thread-record').getByText('The gate is open on weekdays.').waitFor();
    await shotAndCheck('record-thread-phone');
    await page.goto(app.server.url + '/i-' + LUCY);
    await cellAt(page, 0).getByTestId('section-related').waitFor();
    await cellAt(page, 0).getByTestId('section-related').scrollIntoViewIfNeeded();
    await shotAndCheck('record-sections-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('a date is typed and picked in DD-MMM-YYYY with the picker, and stored as YYYY-MM-DD', async () => {
    await page.goto(app.server.url + '/i-Thread-3');
    const c = cellAt(page, 0);
    const due = c.locator('[data-field="assignedDue"]');
    const day = due.getByRole('spinbutton', { name: 'Day' });
    const edit = () => c.getByRole('button', { name: 'Edit', exact: true }).click();
    await edit();
    await day.click();
    await page.keyboard.type('15');
    await page.keyboard.type('Dec');
    await page.keyboard.type('2026');
    // The hidden input holds what the field shows.
    await expect.poll(() => due.locator('input').inputValue()).toBe('15-Dec-2026');
    await c.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored(app, 'Thread-3')).assignedDue).toBe('2026-12-15');

    // A date made half-typed is refused by name, not saved as nothing.
    await edit();
    await day.click();
    await page.keyboard.press('Backspace');
    await c.getByRole('button', { name: 'Save' }).click();
    await due.getByText('Not a valid value').waitFor();
    expect((await stored(app, 'Thread-3')).assignedDue).toBe('2026-12-15');

    // Typed whole again, the message goes.
    await day.click();
    await page.keyboard.type('20');
    await expect.poll(() => due.locator('input').inputValue()).toBe('20-Dec-2026');
    await due.getByText('Not a valid value').waitFor({ state: 'hidden' });

    // The calendar opens on the field's month: pick the 22nd.
    await due.getByRole('button', { name: /Choose date/ }).click();
    const day22 = page.getByRole('dialog').getByRole('gridcell', { name: '22' });
    await day22.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await shot(page, 'record-date-picker-open');
    await day22.click();
    await expect.poll(() => due.locator('input').inputValue()).toBe('22-Dec-2026');
    await shot(page, 'record-date-picker');
    await c.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored(app, 'Thread-3')).assignedDue).toBe('2026-12-22');
  });
});
