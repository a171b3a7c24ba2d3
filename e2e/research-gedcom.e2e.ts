import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gedcomOf } from '../bench/research-gedcom';
import { setMembership } from '../src/server/auth/accounts';
import { query } from '../src/server/db/query';
import { axeCheck } from './helpers/axe';
import {
  cellAt,
  clickSteady,
  field,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// The genealogy's GEDCOM round (issue 18 "a GEDCOM import with its report; an export re-imported
// without duplicates"): the researcher creates a CM_GEDCOM Import in research.imports, attaches a
// file of 1,000 people with two records that cannot be read, runs it and sees its progress and
// its report listing the skipped records; then exports the community members as GEDCOM and reads
// that file back in a new Import: the members are updated, none made twice.

const RESEARCHER = 'researcher@riverbend.example';
const PEOPLE = 1000;

let app: E2EApp;
let context: BrowserContext;
let page: Page;

/**
 * The generated family file, with a broken person and a source record before its trailer. Its
 * people's xrefs are new on every call (@I5@ becomes @I5_k3x9@): a re-import matches members by
 * xref, so a CI retry after a try that got as far as importing would otherwise find them made.
 */
function familyFile(): Buffer {
  const tag = Date.now().toString(36);
  const text = gedcomOf(PEOPLE)
    .toString('utf8')
    .replace(/@([IF]\d+)@/g, `@$1_${tag}@`)
    .replace(
      '0 TRLR',
      [
        '0 @I9999@ INDI',
        '1 NAME Broken /Record/',
        'this is not a GEDCOM line',
        '0 @S1@ SOUR',
        '1 TITL Parish book',
        '0 TRLR',
      ].join('\r\n'),
    );
  return Buffer.from(text, 'utf8');
}

async function memberCount(): Promise<number> {
  // Those the researcher reads: the demo family's PRIVATE father is not hers (nor in her export).
  const [r] = await query<{ n: number }>(
    app.server.app.services.items.db,
    sql`select count(*)::int as n from items
        where type = 'CommunityMember' and not deleted and access <> 'PRIVATE'`,
  );
  return r!.n;
}

/** A new CM_GEDCOM Import from research.imports, with `file` attached; its record's cell. */
async function newImport(label: string, name: string, file: Buffer) {
  await page.goto(`${app.server.url}/research.imports`);
  const list = cellAt(page, 0);
  await list.getByRole('button', { name: /^New / }).first().click();
  const dialog = page.getByRole('dialog', { name: /^New / });
  await field(dialog, 'Label').fill(label);
  // The dialog's Traditional Knowledge labels field arrives after it opens and moves Create down.
  await clickSteady(dialog.getByRole('button', { name: 'Create' }));
  await dialog.waitFor({ state: 'detached' });
  const record = cellAt(page, 1);
  const files = record.getByTestId('attachments');
  await files.getByRole('heading', { name: 'Attachments' }).waitFor({ timeout: 15_000 });
  await files.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: file });
  await files.getByText(name).first().waitFor({ timeout: 30_000 });
  const section = record.getByRole('region', { name: 'GEDCOM import' });
  await section.waitFor();
  return section;
}

beforeAll(async () => {
  // A deployment whose key capabilities name Research: its views are shown (views.ts GATE).
  app = await startApp({ keyCaps: ['Research'] });
  // The demo's researcher is Riverbend's staff, and core's Import is created by editors: until
  // the lead settles which (docs/research-gedcom.md "Dubious"), she is made an editor here.
  const { items } = app.server.app.services;
  const [who] = await query<{ id: string; org: string }>(
    items.db,
    sql`select u.id, o.id as org from items u, items o where u.type = 'User' and u.data->>'email' = ${RESEARCHER}
        and o.type = 'Organization' and o.data->>'displayName' = 'Riverbend First Nation'`,
  );
  await items.transaction((tx) => setMembership(items, tx, who!.id, who!.org, ['editor'], { actor: null }));
  context = await newContext(app);
  page = await context.newPage();
  await signIn(page, app.server.url, RESEARCHER);
}, 120_000);

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await context?.close();
  await app?.close();
});

describe('GEDCOM import and export', () => {
  it('imports a family file with progress, and its report lists the skipped records', async () => {
    const before = await memberCount();
    const section = await newImport('Cardinal family tree', 'cardinal-family.ged', familyFile());
    // The attachment list above settles after the upload and moves the section down.
    await clickSteady(section.getByRole('button', { name: 'Run the import' }));
    // The status and its bar in one look: on a loaded machine the import could end between two.
    await section
      .getByRole('status')
      .filter({ hasText: /Importing… \d+%/, has: page.getByRole('progressbar') })
      .waitFor({ timeout: 60_000 });
    await shot(page, 'research-gedcom-running');
    const report = section.getByTestId('gedcom-report');
    await report.waitFor({ timeout: 300_000 });
    await expect
      .poll(() => report.getByRole('alert').first().textContent())
      .toMatch(new RegExp(`^${PEOPLE + 1} people and \\d+ families read: ${PEOPLE} members created`));
    const skipped = report.getByRole('table', { name: 'Records skipped' });
    await expect.poll(() => skipped.getByRole('row').count()).toBe(3); // the header and two records
    await skipped.getByRole('row', { name: /@I9999@.*not a GEDCOM line/ }).waitFor();
    await skipped.getByRole('row', { name: /@S1@.*SOUR record/ }).waitFor();
    expect(await memberCount()).toBe(before + PEOPLE);

    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'research-gedcom-report-light');
    await axeCheck(page, 'research gedcom report');
    await setDark(page, true);
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'research-gedcom-report-dark');
    await axeCheck(page, 'research gedcom report, dark');
    await setDark(page, false);
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the record is the only cell; the section stays where it was scrolled.
    await page.getByText('Records skipped').filter({ visible: true }).first().waitFor();
    await shot(page, 'research-gedcom-report-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 600_000);

  it('exports the community members and reads the file back without duplicates', async () => {
    const before = await memberCount();
    await page.goto(`${app.server.url}/research.community-members`);
    const list = cellAt(page, 0);
    await list.getByRole('button', { name: 'Export GEDCOM' }).click();
    await page.getByText(/^The GEDCOM export has started/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Help/ }).click();
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: 'Download GEDCOM export' })
      .waitFor({ timeout: 120_000 });
    await page.keyboard.press('Escape');
    const [task] = await query<{ uri: string }>(
      app.server.app.services.items.db,
      sql`select data->>'resultURI' as uri from items where type = 'Task' and data->>'keyAction' = 'exportGedcom'
          order by num desc limit 1`,
    );
    const res = await context.request.get(`${app.server.url}${task!.uri}`);
    expect(res.status()).toBe(200);
    const exported = await res.body();
    const text = exported.toString('utf8');
    expect(text).toContain('2 VERS 5.5.1');
    expect((text.match(/^0 @[^@]+@ INDI/gm) ?? []).length).toBe(before);
    expect(text).toContain('2 PEDI adopted');

    const section = await newImport('Export read back', 'community-members.ged', exported);
    await clickSteady(section.getByRole('button', { name: 'Run the import' }));
    const report = section.getByTestId('gedcom-report');
    await report.waitFor({ timeout: 300_000 });
    await expect
      .poll(() => report.getByRole('alert').first().textContent())
      .toMatch(new RegExp(`^${before} people and \\d+ families read: 0 members created`));
    expect(await memberCount()).toBe(before);
  }, 600_000);
});
