import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import { axeCheck } from './helpers/axe';
import { newContext, screenshotOnFailure, shot, signIn, startApp, type E2EApp } from './helpers/app';

// The archive's bulk cataloguing (issue 17 "a CSV import of 1,000 rows with a dry run"): the lands
// officer imports a spreadsheet of 1,000 records from the catalogue's "Import from CSV", mapped by
// the columns' labels with the call number as the key; the dry run lists the two bad rows and
// writes nothing; the import adds the rest; the Import is listed under archive.imports.

const OFFICER = 'lands.officer@riverbend.example';
const MARK = 'Csvarchive';

let app: E2EApp;
let context: BrowserContext;
let page: Page;

function csvFile(): Buffer {
  let csv = 'Call number,Title,Creators,Year published,Category,Keywords\r\n';
  for (let i = 1; i <= 1000; i++) {
    const title = i === 7 ? '' : `${MARK} letter ${i}, "upper river"`;
    const year = i === 500 ? 'circa' : String(1900 + (i % 120));
    const cells = [`RB-${i}`, title, 'Indian agent; Chief Whitehorse', year, 'TREATY_RIGHTS', 'treaty; land'];
    csv += cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',') + '\r\n';
  }
  return Buffer.from(csv, 'utf8');
}

async function entries(): Promise<number> {
  const [r] = await query<{ n: number }>(
    app.server.app.services.items.db,
    sql`select count(*)::int as n from items where type = 'ArchiveEntry' and not deleted and data->>'title' like ${MARK + '%'}`,
  );
  return r!.n;
}

beforeAll(async () => {
  app = await startApp();
  context = await newContext(app);
  page = await context.newPage();
  await signIn(page, app.server.url, OFFICER);
}, 120_000);

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await context?.close();
  await app?.close();
});

describe('archive CSV import', () => {
  it('checks 1,000 rows (two bad ones listed), imports the rest, and lists the import', async () => {
    await page.goto(`${app.server.url}/archive.catalogue`);
    await page.getByRole('button', { name: 'Import from CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import Archive entry items from CSV' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'treaty-letters.csv', mimeType: 'text/csv', buffer: csvFile() });
    await dialog.getByText('treaty-letters.csv', { exact: true }).waitFor();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Field for column Year published' }).textContent())
      .toBe('Year published');
    await dialog.getByRole('combobox', { name: 'Key column' }).click();
    await page.getByRole('option', { name: 'Call number' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });

    await dialog.getByRole('button', { name: 'Check (dry run)' }).click();
    await dialog.getByText(/^Checked 1000 rows: 998 would be added/).waitFor({ timeout: 240_000 });
    const problems = dialog.getByTestId('csv-problem');
    await expect.poll(() => problems.count()).toBe(2);
    await expect.poll(() => problems.nth(0).textContent()).toMatch(/^8Title/);
    await expect.poll(() => problems.nth(1).textContent()).toMatch(/^501Year published/);
    expect(await entries()).toBe(0);
    await shot(page, 'archive-import-checked');
    await axeCheck(page, 'archive import, checked');

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText(/^Imported 1000 rows: 998 added/).waitFor({ timeout: 240_000 });
    expect(await entries()).toBe(998);
    const [one] = await query<{ data: Record<string, unknown> }>(
      app.server.app.services.items.db,
      sql`select data from items where type = 'ArchiveEntry' and data->>'title' = ${MARK + ' letter 2, "upper river"'}`,
    );
    expect(one!.data).toMatchObject({
      yearPublished: 1902,
      category: 'TREATY_RIGHTS',
      keywords: ['treaty', 'land'],
    });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${app.server.url}/archive.imports`);
    await page.getByText('treaty-letters.csv').first().waitFor();
    await shot(page, 'archive-imports');
  }, 900_000);
});
