import type { BrowserContext, Locator, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { tusUpload } from '../test/helpers/tus';
import { axeCheck } from './helpers/axe';
import {
  alertText,
  cellAt,
  facetValue,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';

// Local Contexts labels in a real browser (docs/local-contexts.md): Riverbend's orgAdmin puts TK
// labels on a community thread from its edit form; the record's header shows them as badges, TK
// Seasonal in Riverbend's own wording (the demo's); the general search offers the labels as a
// facet whose value narrows the results, and its cards show the badges. Light, dark and a phone.

const SUBJECT = 'Heron camp stories from the lower river';
const ADMIN = 'lands.admin@riverbend.example';
let app: E2EApp;
const contexts: BrowserContext[] = [];
let page: Page;
let thread: string;

beforeAll(async () => {
  app = await startApp();
  const { items } = app.server.app.services;
  const [org] = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'Organization' and data->>'displayName' = 'Riverbend First Nation'`,
  );
  thread = (
    await items.create(SYSTEM, 'Thread', { subject: SUBJECT }, { owner: org!.id, access: 'COMMUNITY' })
  ).$id;
  page = await person(ADMIN);
  // Riverbend's orgAdmin records its wording of TK Seasonal: a short WAV on the label's item.
  const [wording] = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'LocalContextsLabel' and data->>'labelKey' = 'TK_SEASONAL'`,
  );
  const token = (await page.evaluate(() => localStorage.getItem('Access-Token')))!;
  await tusUpload(app.server.url, token, wav(), { rel: wording!.id, filename: 'heron-season.wav' });
});

/** A tenth of a second of silence as a WAV file (8 kHz, 8-bit mono). */
function wav(): Buffer {
  const n = 800;
  const b = Buffer.alloc(44 + n, 128);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(n, 40);
  return b;
}

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, viewport ? { viewport } : {});
  contexts.push(c);
  const p = await c.newPage();
  await signIn(p, app.server.url, email);
  return p;
}

const badges = (scope: Locator) => scope.getByRole('list', { name: 'Local Contexts labels' });
const facets = (scope: Locator) => scope.getByRole('complementary', { name: 'Filter the results' });
const count = (scope: Locator) => scope.getByRole('status').first();

describe('Traditional Knowledge labels', () => {
  it('are chosen in the record’s edit form and shown as badges in its header', async () => {
    await page.goto(`${app.server.url}/i-${thread}`);
    const c = cellAt(page, 0);
    await c.getByRole('button', { name: 'Edit', exact: true }).click();
    const picker = c.getByRole('combobox', { name: 'Traditional Knowledge labels' });
    await picker.click();
    // Grouped: the TK labels, the BC labels, the Notices.
    await page.getByRole('listbox').getByText('Biocultural labels').waitFor();
    await page.getByRole('option', { name: 'TK Attribution' }).click();
    await page.getByRole('option', { name: 'TK Seasonal' }).click();
    await shot(page, 'localcontexts-picker');
    await axeCheck(page, 'localcontexts label picker');
    await page.keyboard.press('Escape');
    await c.getByRole('textbox', { name: 'Local Contexts project' }).fill('riverbend-heron-camp');
    await c.getByRole('button', { name: 'Save' }).click();
    await alertText(page, 'Saved.').waitFor();
    await expect
      .poll(async () => (await stored(app, thread)).$tkLabels)
      .toEqual(['TK_ATTRIBUTION', 'TK_SEASONAL']);
    expect((await stored(app, thread)).$lcProject).toBe('riverbend-heron-camp');

    const header = badges(c).first();
    await header.getByRole('button', { name: 'TK Attribution (TK A): about this label' }).waitFor();
    // Riverbend's own name for TK Seasonal (its LocalContextsLabel, from the demo).
    const seasonal = header.getByRole('button', {
      name: 'Heron season (TK Seasonal) (TK S): about this label',
    });
    await seasonal.click();
    const dialog = page.getByRole('dialog', { name: 'Heron season (TK Seasonal)' });
    await dialog.getByText('The community’s own wording').waitFor();
    await dialog.getByText(/while the herons are on the river/).waitFor();
    await dialog.getByText('Local Contexts project: riverbend-heron-camp').waitFor();
    // Its recording plays from the dialog.
    const play = dialog.getByRole('button', { name: 'Play the recording' });
    await play.click();
    await expect.poll(() => play.getAttribute('data-state')).not.toBe('failed');
    await shot(page, 'localcontexts-label-dialog');
    await axeCheck(page, 'localcontexts label dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'localcontexts-record-light');
    await axeCheck(page, 'localcontexts record (light)');
    await setDark(page, true);
    await shot(page, 'localcontexts-record-dark');
    await axeCheck(page, 'localcontexts record (dark)');
    await setDark(page, false);
  });

  it('are a facet of the general search: a value narrows the results, and cards show the badges', async () => {
    await page.goto(`${app.server.url}/search`);
    const results = cellAt(page, 0);
    const seasonal = await facetValue(facets(results), 'Traditional Knowledge labels', /^TK Seasonal/);
    // The demo's heron word and this thread carry TK Seasonal.
    await expect.poll(() => seasonal.textContent()).toMatch(/TK Seasonal\s*2$/);
    const before = await count(results).textContent();
    await seasonal.click();
    await results
      .getByRole('button', { name: 'Remove filter Traditional Knowledge labels: TK Seasonal' })
      .waitFor();
    await expect.poll(() => count(results).textContent()).toBe('2 results');
    expect(before).not.toBe('2 results');
    await results
      .getByRole('group', { name: 'Show results as' })
      .getByRole('button', { name: 'Cards' })
      .click();
    const card = results
      .getByRole('list', { name: 'Results' })
      .locator(':scope > li')
      .filter({ hasText: SUBJECT });
    await card.getByRole('img', { name: 'Local Contexts labels: TK Attribution, TK Seasonal' }).waitFor();
    await shot(page, 'localcontexts-search-cards-light');
    await axeCheck(page, 'localcontexts search cards (light)');
    await setDark(page, true);
    await shot(page, 'localcontexts-search-cards-dark');
    await axeCheck(page, 'localcontexts search cards (dark)');
    await setDark(page, false);
  });

  it('fit a phone: the record’s badges and the search list', async () => {
    const phone = await person(ADMIN, { width: 390, height: 844 });
    await phone.goto(`${app.server.url}/i-${thread}`);
    await badges(cellAt(phone, 0))
      .first()
      .getByRole('button', { name: 'TK Attribution (TK A): about this label' })
      .waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'localcontexts-record-phone');
    await axeCheck(phone, 'localcontexts record (phone)');
  });
});
