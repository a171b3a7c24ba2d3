import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  cell,
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

// Lists of values in a real browser: Riverbend's lands manager (orgAdmin) adds an action type in
// "Manage lists of values" with a label per language, a lands officer picks it on a thread, the
// manager archives it, and it is no longer offered on other threads, while the thread that used
// it still shows its label.

const MANAGER = 'lands.admin@riverbend.example';
const OFFICER = 'lands.officer@riverbend.example';
const KEY = 'Drum circle';
const LABEL = 'Drum circle with the elders';

let app: E2EApp;
const contexts: BrowserContext[] = [];
let manager: Page;
let officer: Page;

beforeAll(async () => {
  app = await startApp();
  for (const email of [MANAGER, OFFICER]) {
    const c = await newContext(app);
    contexts.push(c);
    const p = await c.newPage();
    await signIn(p, app.server.url, email);
    if (email === MANAGER) manager = p;
    else officer = p;
  }
});

screenshotOnFailure(() => [manager, officer]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

const url = (p: string) => app.server.url + p;
const actionType = (scope: ReturnType<typeof cellAt>) =>
  scope.getByRole('combobox', { name: /^Action type/ });

/** Opens the thread and its edit form (items open as records to read). */
async function openThread(page: Page, id: string) {
  await page.goto(url(`/i-${id}`));
  const c = cellAt(page, 0);
  await c.getByRole('button', { name: 'Edit', exact: true }).click();
  await field(c, 'Subject').waitFor();
  return c;
}

async function offered(page: Page, c: ReturnType<typeof cellAt>): Promise<string[]> {
  await actionType(c).click();
  const list = page.getByRole('listbox');
  await list.waitFor();
  const names = await list.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'detached' });
  return names;
}

let valueId = '';

describe('lists of values', () => {
  it('an orgAdmin adds a value with a label per language in "Manage lists of values"', async () => {
    await manager.goto(url('/admin.lovs'));
    const list = cell(manager, 'Manage lists of values');
    await list.getByRole('button', { name: 'New List value' }).click();
    const dialog = manager.getByRole('dialog', { name: 'New List value' });
    await field(dialog, 'Key').fill(KEY);
    await field(dialog, 'List').fill('ACTION_TYPES');
    await dialog.getByRole('combobox', { name: /^State/ }).click();
    await manager.getByRole('option', { name: 'Active' }).click();
    await field(dialog, 'Label (English)').fill(LABEL);
    await dialog.getByRole('button', { name: 'Add a language' }).click();
    await dialog.getByRole('textbox', { name: 'Language' }).last().fill('fr');
    await field(dialog, 'Label (French)').fill('Cercle de tambours avec les aînés');
    await shot(manager, 'lov-create');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(manager.url()).pathname).toMatch(/\/i-LOVValue-\d+$/);
    valueId = new URL(manager.url()).pathname.split('/i-')[1]!;
    expect(await stored(app, valueId)).toMatchObject({
      key: KEY,
      list: 'ACTION_TYPES',
      state: 'ACTIVE',
      t: { en: LABEL, fr: 'Cercle de tambours avec les aînés' },
    });
    await list
      .getByRole('link', { name: new RegExp(KEY) })
      .first()
      .waitFor();
    await shot(manager, 'lov-admin-list');
  });

  it('a second value with the same key in the same list is refused with a clear message', async () => {
    const list = cell(manager, 'Manage lists of values');
    const dialog = manager.getByRole('dialog', { name: 'New List value' });
    // Right after a create the list is fetched again and re-rendered; a click that lands on the
    // outgoing button is lost, so click until the dialog is there.
    await expect
      .poll(async () => {
        if (!(await dialog.isVisible()))
          await list.getByRole('button', { name: 'New List value' }).click({ timeout: 2_000 });
        return dialog.isVisible();
      })
      .toBe(true);
    await field(dialog, 'Key').fill(KEY);
    await field(dialog, 'List').fill('ACTION_TYPES');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('This list already has a value with this key in this organisation.').waitFor();
    await shot(manager, 'lov-duplicate');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it("the officer picks it as a thread's action type; the label shows", async () => {
    const c = await openThread(officer, 'Thread-3');
    expect(await offered(officer, c)).toContain(LABEL);
    await actionType(c).click();
    await officer.getByRole('option', { name: LABEL }).click();
    await c.getByRole('button', { name: 'Save' }).click();
    await alertText(officer, 'Saved.').waitFor();
    expect(await stored(app, 'Thread-3')).toMatchObject({ actionType: KEY });
    await shot(officer, 'lov-picked');
  });

  it('archived by the orgAdmin, it is no longer offered, yet the thread that used it still shows it', async () => {
    // The officer has another thread open, its list of values already loaded and cached.
    const other = await openThread(officer, 'Thread-2');
    expect(await offered(officer, other)).toContain(LABEL);

    await manager.goto(url(`/i-${valueId}`));
    const c = cellAt(manager, 0);
    await c.getByRole('button', { name: 'Edit', exact: true }).click();
    await c.getByRole('combobox', { name: /^State/ }).click();
    await manager.getByRole('option', { name: 'Archived' }).click();
    await c.getByRole('button', { name: 'Save' }).click();
    await alertText(manager, 'Saved.').waitFor();
    expect(await stored(app, valueId)).toMatchObject({ state: 'ARCHIVED' });

    // Without reloading, the officer's cached list is refreshed by the LOVValue watch.
    await expect.poll(() => offered(officer, other), { timeout: 10_000 }).not.toContain(LABEL);
    await shot(officer, 'lov-archived-not-offered');
    // The thread that has it keeps showing its label, and keeps it as its choice.
    const used = await openThread(officer, 'Thread-3');
    // After a full page load the form shows before the list of values arrives; until then the
    // select shows the stored key, so wait for the label.
    await expect.poll(() => actionType(used).textContent(), { timeout: 10_000 }).toContain(LABEL);
    expect(await offered(officer, used)).toContain(LABEL);
    await shot(officer, 'lov-archived-still-shown');
  });
});
