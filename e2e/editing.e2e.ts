import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  cellAt,
  field,
  newContext,
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

async function openThread(path = '/i-Thread-3', index = 0) {
  await page.goto(app.server.url + path);
  const c = cellAt(page, index);
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

    await c.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => field(c, 'Subject').inputValue()).toBe(NEW_SUBJECT);
    await dirtyChip(c).waitFor({ state: 'hidden' });
    expect(await subject.getByText('Required', { exact: true }).count()).toBe(0);
  });

  it('refuses an invalid e-mail address on a contact', async () => {
    await page.goto(app.server.url + '/i-Contact-8');
    const c = cellAt(page, 0);
    await c.getByRole('heading', { level: 2, name: 'Lucy Moosehide' }).waitFor();
    const email = c.getByRole('textbox', { name: 'Email' });
    await email.fill('lucy at cedarridge');
    await c.getByRole('button', { name: 'Save' }).click();
    await c.locator('[data-field="email"]').getByText('Enter a valid e-mail address').waitFor();
    await shot(page, 'editing-invalid-email');
    expect(await stored(app, 'Contact-8')).toMatchObject({ email: 'lucy@cedarridge.example' });
    await c.getByRole('button', { name: 'Discard changes' }).click();
    await expect.poll(() => email.inputValue()).toBe('lucy@cedarridge.example');
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

describe('a read-only reader', () => {
  it('sees "You can read this item but not change it." and no inputs', async () => {
    const member = await newContext(app);
    memberPage = await member.newPage();
    await signIn(memberPage, app.server.url, 'member@riverbend.example');
    await memberPage.goto(app.server.url + '/i-Agreement-2');
    const c = cellAt(memberPage, 0);
    await c.getByRole('heading', { level: 2, name: 'Community data-sharing terms' }).waitFor();
    await c.getByText('You can read this item but not change it.').waitFor();
    await c.getByText('Visibility: Community').waitFor();
    // The values are there as text, with the related organisation as a chip.
    await c.getByRole('button', { name: 'Provincial Ministry of Lands' }).waitFor();
    await c.getByText('Active', { exact: true }).waitFor();
    expect(await c.getByRole('textbox').count()).toBe(0);
    expect(await c.getByRole('combobox').count()).toBe(0);
    expect(await c.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await shot(memberPage, 'editing-read-only-member');
    await member.close();
    memberPage = undefined;
  });
});
