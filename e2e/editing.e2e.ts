import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  cellAt,
  field,
  newContext,
  openUserMenu,
  setDark,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';

// Editing an item as a lands officer: save, the rules that stop a save, discard, leaving with
// unsaved changes, and what the item's Details and History then show. A community member sees
// the same kind of item read-only.

const SUBJECT = 'Referral backlog for December';
const NEW_SUBJECT = 'Referral backlog for December and January';

let app: E2EApp;
let officer: BrowserContext;
let page: Page;
let memberPage: Page | undefined;

beforeAll(async () => {
  app = await startApp();
  officer = await newContext(app);
  page = await officer.newPage();
  await signIn(page, app.server.url, 'lands.officer@riverbend.example');
});

screenshotOnFailure(() => [page, memberPage]);

afterAll(async () => {
  await officer?.close();
  await app?.close();
});

const pathOf = () => new URL(page.url()).pathname;
const dirtyChip = (c = cellAt(page, 0)) => c.getByText('Unsaved changes', { exact: true });

/** Opens the thread and its edit form (items open as records to read). */
async function openThread(path = '/i-Thread-3', index = 0) {
  await page.goto(app.server.url + path);
  const c = cellAt(page, index);
  await c.getByRole('button', { name: 'Edit', exact: true }).click();
  await field(c, 'Subject').waitFor();
  return c;
}

describe('editing an item', () => {
  it('saves a changed field: "Saved." appears and the unsaved-changes mark goes away', async () => {
    const c = await openThread();
    expect(await c.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await field(c, 'Subject').fill(NEW_SUBJECT);
    await dirtyChip(c).waitFor();
    await shot(page, 'editing-dirty');
    await c.getByRole('button', { name: 'Save' }).click();
    await alertText(page, 'Saved.').waitFor();
    await dirtyChip(c).waitFor({ state: 'hidden' });
    // The title bar follows the item's label.
    await c.getByRole('heading', { level: 2, name: NEW_SUBJECT }).waitFor();
    expect(await stored(app, 'Thread-3')).toMatchObject({ subject: NEW_SUBJECT });
    await shot(page, 'editing-saved');
  });

  it('does not save without a required field, and shows "Required" under it', async () => {
    const c = await openThread();
    const before = await stored(app, 'Thread-3');
    await field(c, 'Subject').fill('');
    await c.getByRole('button', { name: 'Save' }).click();
    const subject = c.locator('[data-field="subject"]');
    await subject.getByText('Required', { exact: true }).waitFor();
    expect(await field(c, 'Subject').getAttribute('aria-invalid')).toBe('true');
    // The invalid field gets the focus, so the person can type straight away.
    await expect.poll(() => field(c, 'Subject').evaluate((el) => el === document.activeElement)).toBe(true);
    await dirtyChip(c).waitFor();
    await shot(page, 'editing-required');
    expect((await stored(app, 'Thread-3')).$version).toBe(before.$version);

    // Discard puts the saved values back and returns to the record.
    await c.getByRole('button', { name: 'Discard changes' }).click();
    await dirtyChip(c).waitFor({ state: 'hidden' });
    await c.getByRole('heading', { level: 3, name: NEW_SUBJECT }).waitFor();
    // No field editor is left (the conversation's reply box below the record stays).
    expect(await c.locator('[data-field]').getByRole('textbox').count()).toBe(0);
    expect(await c.getByText('Required', { exact: true }).count()).toBe(0);
  });

  it('refuses an invalid e-mail address on a contact', async () => {
    await page.goto(app.server.url + '/i-Contact-8');
    const c = cellAt(page, 0);
    await c.getByRole('heading', { level: 2, name: 'Lucy Moosehide' }).waitFor();
    await c.getByRole('button', { name: 'Edit', exact: true }).click();
    const email = c.getByRole('textbox', { name: 'Email' });
    await email.fill('lucy at cedarridge');
    await c.getByRole('button', { name: 'Save' }).click();
    await c.locator('[data-field="email"]').getByText('Enter a valid e-mail address').waitFor();
    await shot(page, 'editing-invalid-email');
    expect(await stored(app, 'Contact-8')).toMatchObject({ email: 'lucy@cedarridge.example' });
    await c.getByRole('button', { name: 'Discard changes' }).click();
    await c.getByRole('link', { name: 'lucy@cedarridge.example' }).first().waitFor();
  });

  it('asks before closing a column with unsaved changes: keep editing, discard, or save', async () => {
    let c = await openThread('/i-Organization-1/i-Thread-3', 1);
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });

    await field(c, 'Subject').fill('Referral backlog, first draft');
    await c.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor();
    await dialog.getByText('This page has changes that are not saved yet.').waitFor();
    await shot(page, 'editing-close-unsaved-dialog');
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf()).toBe('/i-Organization-1/i-Thread-3');
    expect(await field(c, 'Subject').inputValue()).toBe('Referral backlog, first draft');

    await c.getByRole('button', { name: 'Close' }).click();
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(pathOf).toBe('/i-Organization-1');
    expect(await stored(app, 'Thread-3')).toMatchObject({ subject: NEW_SUBJECT });

    c = await openThread('/i-Organization-1/i-Thread-3', 1);
    expect(await field(c, 'Subject').inputValue()).toBe(NEW_SUBJECT);
    await field(c, 'Subject').fill(SUBJECT);
    await c.getByRole('button', { name: 'Close' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(pathOf).toBe('/i-Organization-1');
    await alertText(page, 'Saved.').waitFor();
    await expect.poll(async () => (await stored(app, 'Thread-3')).subject).toBe(SUBJECT);
  });

  it('shows real data in Details and History, including the change just made', async () => {
    const c = await openThread();
    await c.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Details' });
    await details.waitFor();
    // Labels of related items (owner, creator) arrive after the dialog opens.
    const row = (term: string) =>
      details.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => row('Id').textContent()).toBe('Thread-3');
    await expect.poll(() => row('Type').textContent()).toBe('Thread');
    await expect.poll(() => row('Owner').textContent()).toBe('Riverbend First Nation');
    await expect.poll(() => row('Visibility').textContent()).toBe('Protected');
    await expect.poll(() => row('Created by').textContent()).toBe('Joseph Redcloud');
    const version = (await stored(app, 'Thread-3')).$version;
    await expect.poll(() => row('Version').textContent()).toBe(String(version));
    await details.getByText('Not shared beyond the usual rules.').waitFor();
    await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot only
    await shot(page, 'editing-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });

    await c.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    const events = history.getByRole('list', { name: 'History' }).locator(':scope > li');
    await events.first().waitFor();
    // Newest first: the save from the close dialog, the first save, then the creation.
    expect(await events.count()).toBe(3);
    await events.nth(0).getByText('Changed by Joseph Redcloud').waitFor();
    await events.nth(0).getByText(`Subject: ${NEW_SUBJECT} → ${SUBJECT}`).waitFor();
    await events.nth(1).getByText(`Subject: ${SUBJECT} → ${NEW_SUBJECT}`).waitFor();
    await events.nth(2).getByText('Created by Joseph Redcloud').waitFor();
    await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot only
    await shot(page, 'editing-history');
    await history.getByRole('button', { name: 'Close' }).click();
  });
});

/** Dark mode from the user menu (the person's own setting). */

describe('a record', () => {
  const CONTACT = '/i-Contact-8';
  const record = (c = cellAt(page, 0)) => c.locator('form[data-record-mode]');

  async function openContact() {
    await page.goto(app.server.url + CONTACT);
    const c = cellAt(page, 0);
    await c.getByRole('heading', { level: 3, name: 'Lucy Moosehide' }).waitFor();
    return c;
  }

  it('opens in read mode: a header with key facts, formatted values, empty fields folded', async () => {
    const c = await openContact();
    expect(await record(c).getAttribute('data-record-mode')).toBe('read');
    // No inputs until the person asks to edit.
    expect(await c.getByRole('textbox').count()).toBe(0);
    await c.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    // The phone as spec core §5 writes it, in the key facts and in the fields.
    const facts = c.getByRole('definition').filter({ hasText: '(250) 555-0199' });
    expect(await facts.count()).toBe(2);
    await c.getByRole('link', { name: 'lucy@cedarridge.example' }).first().waitFor();
    await c.getByText('Visibility: Protected').waitFor();
    // Empty fields fold away behind a toggle.
    expect(await c.getByText('Middle name', { exact: true }).count()).toBe(0);
    const toggle = c.getByRole('button', { name: /^Show \d+ empty fields$/ });
    await shot(page, 'record-contact-read');
    await toggle.click();
    await c.getByText('Middle name', { exact: true }).waitFor();
    expect(
      await c.getByRole('button', { name: /^Hide \d+ empty fields$/ }).getAttribute('aria-expanded'),
    ).toBe('true');
  });

  it("shows a hover card with the related item's type and key facts", async () => {
    const c = await openContact();
    await c.getByRole('button', { name: 'Cedar Ridge Mining Ltd.' }).first().hover();
    const card = page.getByRole('tooltip');
    await card.getByText('Organisation', { exact: true }).waitFor();
    await card.getByText('Industry', { exact: true }).waitFor();
    await shot(page, 'record-hover-card');
  });

  it('edits one field in place: its editor, Enter saves, and the record reads again', async () => {
    const c = await openContact();
    await c.getByRole('button', { name: 'Edit Office phone' }).click();
    const input = field(c, 'Office phone');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    // Only that field is an input; the rest of the record stays as it was.
    expect(await c.getByRole('textbox').count()).toBe(1);
    await input.fill('250 555 0100 x12');
    await dirtyChip(c).waitFor();
    await shot(page, 'record-edit-in-place');
    await input.press('Enter');
    await alertText(page, 'Saved.').waitFor();
    await c.getByText('(250) 555-0100 x12').first().waitFor();
    expect(await c.getByRole('textbox').count()).toBe(0);
    expect(await stored(app, 'Contact-8')).toMatchObject({ officePhone: '250 555 0100 x12' });
    // The focus goes back to the value that was edited.
    await expect
      .poll(() =>
        c.getByRole('button', { name: 'Edit Office phone' }).evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
  });

  it('refuses an invalid value in place and keeps the editor open, then discards it', async () => {
    const c = await openContact();
    await c.getByRole('button', { name: 'Edit Office phone' }).click();
    await field(c, 'Office phone').fill('not a phone');
    await c.getByRole('button', { name: 'Save' }).click();
    await c.locator('[data-field="officePhone"]').getByText('Enter a 10-digit phone number').waitFor();
    await c.getByRole('button', { name: 'Discard changes' }).click();
    await dirtyChip(c).waitFor({ state: 'hidden' });
    await c.getByText('(250) 555-0100 x12').first().waitFor();
    expect(await stored(app, 'Contact-8')).toMatchObject({ officePhone: '250 555 0100 x12' });
  });

  it('Edit opens the whole form; Save returns to the record, Discard too', async () => {
    const c = await openContact();
    await c.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(c, 'Middle name').waitFor();
    await c.getByRole('combobox', { name: 'Visibility' }).waitFor();
    await shot(page, 'record-contact-edit');
    await field(c, 'Middle name').fill('Anne');
    await c.getByRole('button', { name: 'Save' }).click();
    await alertText(page, 'Saved.').waitFor();
    await expect.poll(() => record(c).getAttribute('data-record-mode')).toBe('read');
    await c.getByText('Anne', { exact: true }).waitFor();
    expect(await stored(app, 'Contact-8')).toMatchObject({ middleName: 'Anne' });

    await c.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(c, 'Middle name').fill('Annie');
    await c.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => record(c).getAttribute('data-record-mode')).toBe('read');
    await c.getByText('Anne', { exact: true }).waitFor();
    expect(await stored(app, 'Contact-8')).toMatchObject({ middleName: 'Anne' });
  });

  it('works from the keyboard alone: E edits, Escape leaves an unchanged edit, Enter edits a value', async () => {
    const c = await openContact();
    const edit = c.getByRole('button', { name: 'Edit', exact: true });
    await edit.focus();
    await page.keyboard.press('e');
    await expect.poll(() => record(c).getAttribute('data-record-mode')).toBe('edit');
    // The focus is in the first field, ready to type.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
    await page.keyboard.press('Escape');
    await expect.poll(() => record(c).getAttribute('data-record-mode')).toBe('read');
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);

    // Tab to a value and press Enter: that field's editor, focused.
    const middle = c.getByRole('button', { name: 'Edit Middle name' });
    await middle.focus();
    await page.keyboard.press('Enter');
    const input = field(c, 'Middle name');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.type('-Marie');
    await page.keyboard.press('Escape'); // changed: Escape does not throw the change away
    expect(await input.inputValue()).toBe('Anne-Marie');
    await page.keyboard.press('Enter');
    await alertText(page, 'Saved.').waitFor();
    await expect.poll(async () => (await stored(app, 'Contact-8')).middleName).toBe('Anne-Marie');
    await expect.poll(() => middle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('looks right in dark mode and on a phone', async () => {
    for (const [name, opts] of [
      ['record-contact-read-dark', {}],
      ['record-contact-read-phone', { viewport: { width: 390, height: 844 }, isMobile: true }],
    ] as const) {
      const ctx = await newContext(app, opts);
      const p = await ctx.newPage();
      await signIn(p, app.server.url, 'lands.officer@riverbend.example');
      if (name.endsWith('dark')) await setDark(p, true);
      await p.goto(app.server.url + CONTACT);
      await cellAt(p, 0).getByRole('heading', { level: 3, name: 'Lucy Moosehide' }).waitFor();
      await shot(p, name);
      if (name.endsWith('dark')) {
        await cellAt(p, 0).getByRole('button', { name: 'Edit', exact: true }).click();
        await field(cellAt(p, 0), 'Middle name').waitFor();
        await shot(p, 'record-contact-edit-dark');
        await setDark(p, false);
      }
      await ctx.close();
    }
    // A wide cell (a lone cell fills the row): two fields a row, read and edit (a container
    // query on the record).
    const c = await openContact();
    await c.getByRole('button', { name: /^Show \d+ empty fields$/ }).click();
    await shot(page, 'record-contact-wide');
    await c.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(c, 'Middle name').waitFor();
    await shot(page, 'record-contact-wide-edit');
    await page.keyboard.press('Escape');
  });
});

describe('a read-only reader', () => {
  it('sees the record with no Edit button and no inputs', async () => {
    const member = await newContext(app);
    memberPage = await member.newPage();
    await signIn(memberPage, app.server.url, 'member@riverbend.example');
    await memberPage.goto(app.server.url + '/i-Agreement-2');
    const c = cellAt(memberPage, 0);
    await c.getByRole('heading', { level: 2, name: 'Community data-sharing terms' }).waitFor();
    await c.getByText('Visibility: Community').waitFor();
    expect(await c.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    // The values are there as text, with the related organisation as a chip.
    await c.getByRole('button', { name: 'Provincial Ministry of Lands' }).first().waitFor();
    await c.getByText('Active', { exact: true }).first().waitFor();
    expect(await c.getByRole('textbox').count()).toBe(0);
    expect(await c.getByRole('combobox').count()).toBe(0);
    expect(await c.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shot(memberPage, 'editing-read-only-member');

    // Their own User record: what they may change, and no admin plumbing ("Capabilities —", "Admin: No").
    const menu = await openUserMenu(memberPage);
    await menu.getByRole('menuitem', { name: 'My profile' }).click();
    const own = cellAt(memberPage, 0).locator('form[data-record-mode]');
    await own.getByRole('heading', { level: 3 }).waitFor();
    await own.getByText('member@riverbend.example').first().waitFor();
    await own.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await own.getByText('Capabilities').count()).toBe(0);
    expect(await own.getByText('Admin', { exact: true }).count()).toBe(0);
    expect(await own.getByText('Masquerading').count()).toBe(0);
    await shot(memberPage, 'record-own-user');
    await member.close();
    memberPage = undefined;
  });
});
