import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newContext,
  openConversation,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// Two people in one conversation, each in their own browser: the lands officer replies, the
// lands admin sees the reply appear without reloading and her bell count go up, answers with
// Ctrl+Enter, and marks the conversation resolved.

const OFFICER = 'lands.officer@riverbend.example';
const LANDS_ADMIN = 'lands.admin@riverbend.example';
const SUBJECT = "Elders' gathering at the river flats";

let app: E2EApp;
let officer: Page;
let landsAdmin: Page;
const contexts: BrowserContext[] = [];

async function person(email: string): Promise<Page> {
  const c = await newContext(app);
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, email);
  return page;
}

beforeAll(async () => {
  app = await startApp();
  officer = await person(OFFICER);
  landsAdmin = await person(LANDS_ADMIN);
});

screenshotOnFailure(() => [officer, landsAdmin]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

const unread = async (page: Page) => {
  const bell = page.getByTestId('notification-bell');
  // The bell is disabled until its count has loaded: read before that, it says none.
  await expect.poll(() => bell.isEnabled()).toBe(true);
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/^(\d+) unread/.exec(label)?.[1] ?? 0);
};

describe('conversations', () => {
  it('replies appear live for the other person, Ctrl+Enter sends, a reply notifies, resolved shows for both', async () => {
    const mine = await openConversation(landsAdmin, app.server.url, SUBJECT);
    const theirs = await openConversation(officer, app.server.url, SUBJECT);
    const before = await unread(landsAdmin);
    // Words of this try's own: a CI retry finds the first try's messages in the thread.
    const tag = Date.now().toString(36);

    const box = mine.getByLabel('Your reply');
    await box.fill(`Thank you. I will bring the drum (${tag}).`);
    await box.press('Enter');
    expect(await box.inputValue()).toContain('\n');
    await box.press('Control+Enter');
    await theirs
      .getByTestId('message')
      .filter({ hasText: `I will bring the drum (${tag}).` })
      .waitFor();
    await expect.poll(() => box.inputValue()).toBe('');

    // Having written in it, she follows the conversation: the officer's reply reaches her bell.
    await theirs.getByLabel('Your reply').fill(`The hall is booked for Saturday (${tag}).`);
    await theirs.getByRole('button', { name: 'Send' }).click();
    const reply = mine
      .getByTestId('message')
      .filter({ hasText: `The hall is booked for Saturday (${tag}).` });
    await reply.waitFor();
    expect(await reply.textContent()).toContain('Joseph Redcloud');
    await expect.poll(() => unread(landsAdmin)).toBe(before + 1);
    await shot(landsAdmin, 'conversations-thread');

    const resolved = mine.getByRole('switch', { name: 'Resolved' });
    await resolved.click();
    await expect.poll(() => resolved.isChecked()).toBe(true);
    await expect.poll(() => theirs.getByRole('switch', { name: 'Resolved' }).isChecked()).toBe(true);
  });
});
