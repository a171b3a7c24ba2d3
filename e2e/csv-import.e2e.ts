import type { BrowserContext, Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import { axeCheck } from './helpers/axe';
import { newContext, screenshotOnFailure, setDark, shot, signIn, startApp, type E2EApp } from './helpers/app';

// "Import from CSV" in the browser (docs/csv-import.md): the lands officer (a Riverbend editor)
// imports 1,000 contacts into the Contacts list: the file's columns and first values, the mapping
// guessed by label, a key column, a dry run that lists the problems of three bad rows, the import
// with its progress, and the same file again creating nothing. Light, dark, phone; axe.

const OFFICER = 'lands.officer@riverbend.example';
const PHONE = { width: 390, height: 844 };

let app: E2EApp;
const contexts: BrowserContext[] = [];

function csvFile(): Buffer {
  let csv = 'Legacy ID,First name,Last name,E-mail,Notify\r\n';
  for (let i = 1; i <= 1000; i++) {
    const bad = i === 10 ? ['', 'Csvtest', `p${i}@example.org`, ''] : null; // no first name
    const email = i === 20 ? 'not-an-email' : `p${i}@example.org`;
    const notify = i === 30 ? 'sometimes' : i % 2 ? 'Digest' : '';
    const cells = bad ?? [`Person "${i}"`, 'Csvtest', email, notify];
    csv +=
      [`R${i}`, ...cells].map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') +
      '\r\n';
  }
  return Buffer.from('\ufeff' + csv, 'utf8');
}

beforeAll(async () => {
  app = await startApp();
}, 120_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, viewport ? { viewport } : {});
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, OFFICER);
  return page;
}

async function openDialog(page: Page): Promise<Locator> {
  await page.goto(`${app.server.url}/my-contacts`);
  const button = page.getByRole('button', { name: 'Import from CSV' }).first();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Import Contact items from CSV' });
  await dialog.waitFor();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: csvFile() });
  await dialog.getByText('contacts.csv', { exact: true }).waitFor();
  await dialog.getByRole('combobox', { name: 'Key column' }).click();
  await page.getByRole('option', { name: 'Legacy ID' }).click();
  // The menu gone (and its fade), so pictures and checks see the dialog alone.
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
  return dialog;
}

async function contacts(): Promise<number> {
  const [r] = await query<{ n: number }>(
    app.server.app.services.items.db,
    sql`select count(*)::int as n from items where type = 'Contact' and not deleted and data->>'lastName' = 'Csvtest'`,
  );
  return r!.n;
}

describe('CSV import', () => {
  it('maps, checks (three bad rows listed), imports 1,000 rows with progress, and a re-run adds nothing', async () => {
    const page = await person();
    const dialog = await openDialog(page);
    // The columns with their first values, each mapped by its label.
    await dialog.getByText('Person "1" · Person "2" · Person "3"').waitFor();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Field for column E-mail' }).textContent())
      .toBe('Email');
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Field for column Legacy ID' }).textContent())
      .toBe('Leave out');
    await shot(page, 'csv-import-mapping');

    await dialog.getByRole('button', { name: 'Check (dry run)' }).click();
    await dialog.getByText(/^Checked 1000 rows: 997 would be added/).waitFor({ timeout: 240_000 });
    const problems = dialog.getByTestId('csv-problem');
    await expect.poll(() => problems.count()).toBe(3);
    await expect.poll(() => problems.nth(0).textContent()).toMatch(/^11First name/);
    await expect.poll(() => problems.nth(1).textContent()).toMatch(/^21E-mailEnter a valid e-mail address/);
    await expect.poll(() => problems.nth(2).textContent()).toMatch(/^31NotifyNot one of the allowed values/);
    expect(await contacts()).toBe(0);
    await shot(page, 'csv-import-checked');
    await axeCheck(page, 'csv import, checked (light)');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('progressbar').waitFor({ timeout: 20_000 });
    await dialog.getByText(/^Imported 1000 rows: 997 added, 0 updated, 0 already there, 3 left out/).waitFor({
      timeout: 240_000,
    });
    expect(await contacts()).toBe(997);
    await shot(page, 'csv-import-done');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The same file again, in dark mode: every good row found by its key, nothing added.
    await setDark(page, true);
    const again = await openDialog(page);
    await again.getByRole('button', { name: 'Check (dry run)' }).click();
    await again
      .getByText(/^Checked 1000 rows: 0 would be added, 0 would be updated, 997 are already there/)
      .waitFor({ timeout: 240_000 });
    await shot(page, 'csv-import-rerun-dark');
    await axeCheck(page, 'csv import, re-run checked (dark)');
    await again.getByRole('button', { name: 'Import', exact: true }).click();
    await again
      .getByText(/^Imported 1000 rows: 0 added, 0 updated, 997 already there/)
      .waitFor({ timeout: 240_000 });
    expect(await contacts()).toBe(997);
  }, 900_000);

  it('fits a phone', async () => {
    const page = await person(PHONE);
    const dialog = await openDialog(page);
    await dialog.getByRole('combobox', { name: 'Field for column E-mail' }).waitFor();
    await shot(page, 'csv-import-phone');
    await axeCheck(page, 'csv import, phone');
  }, 120_000);
});
