import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  DEMO_PASSWORD,
  newContext,
  screenshotOnFailure,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';

// One person's day from the keyboard alone (issue 13, WCAG 2.1.1): no click, no focus() call, no
// goto after the first page. Sign in, find a contact through the search bar, open the record,
// edit it, save it, and find it again by what was saved. Each step waits for the focus to be
// where a keyboard user would expect it.

let app: E2EApp;
let context: BrowserContext;
let p: Page;
beforeAll(async () => {
  app = await startApp();
  context = await newContext(app);
  p = await context.newPage();
});
screenshotOnFailure(() => [p]);
afterAll(async () => {
  await context?.close();
  await app?.close();
});

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40, back = false) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached in ${max} presses of Tab`);
}

const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

describe('a keyboard-only journey', () => {
  it('signs in, opens a record from search, edits and saves it, and finds it by the new value', async () => {
    await p.goto(app.server.url + '/sign-in');

    // Sign in: the e-mail, Tab, the password, Enter.
    const email = p.getByLabel('Email');
    await tabTo(p, email);
    await p.keyboard.type('lands.officer@riverbend.example');
    await p.keyboard.press('Tab');
    await expect.poll(() => focused(p.getByLabel('Password'))).toBe(true);
    await p.keyboard.type(DEMO_PASSWORD);
    await p.keyboard.press('Enter');
    // Focus lands on the new cell's heading, not on the page body.
    const heading = p.getByRole('heading', { level: 2, name: 'Home' });
    await expect.poll(() => focused(heading)).toBe(true);

    // The search bar: from the top bar's Search button, type, pick the suggestion.
    await tabTo(p, p.getByRole('button', { name: 'Search', exact: true }), 60, true);
    await p.keyboard.press('Enter');
    const bar = p.getByRole('combobox', { name: 'Search everything' });
    await expect.poll(() => focused(bar)).toBe(true);
    await p.keyboard.type('Lucy Moosehide');
    const lucy = p.getByRole('option', { name: /^Lucy Moosehide/ });
    await lucy.waitFor();
    // Arrow keys move through the suggestions (the combobox names the active one).
    const lucyId = await lucy.getAttribute('id');
    for (let i = 0; i < 8 && (await bar.getAttribute('aria-activedescendant')) !== lucyId; i++)
      await p.keyboard.press('ArrowDown');
    expect(await bar.getAttribute('aria-activedescendant')).toBe(lucyId);
    await p.keyboard.press('Enter');

    // The record opens, its heading focused; Edit by Tab and Enter.
    const record = p.locator('section[data-cell-index]').filter({
      has: p.getByRole('heading', { level: 2, name: 'Lucy Moosehide' }),
    });
    await expect
      .poll(() =>
        record
          .getByRole('heading', { level: 2, name: 'Lucy Moosehide' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await tabTo(p, record.getByRole('button', { name: 'Edit', exact: true }));
    await p.keyboard.press('Enter');
    const middle = record.getByRole('textbox', { name: /^Middle name/ });
    await tabTo(p, middle);
    await p.keyboard.type('Keyboard');
    await tabTo(p, record.getByRole('button', { name: 'Save', exact: true }));
    await p.keyboard.press('Enter');
    await alertText(p, 'Saved.').waitFor();
    await expect.poll(async () => (await stored(app, 'Contact-8')).middleName).toBe('Keyboard');

    // Found again by the saved value: the search bar, then all results.
    await tabTo(p, p.getByRole('button', { name: 'Search', exact: true }), 80, true);
    await p.keyboard.press('Enter');
    await expect.poll(() => focused(bar)).toBe(true);
    await p.keyboard.type('Keyboard');
    await p.getByRole('option', { name: /^Lucy Moosehide/ }).waitFor();
    await p.keyboard.press('Escape');
  });
});
