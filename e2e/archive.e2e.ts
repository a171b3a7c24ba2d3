import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoWav } from '../src/modules/archive/server/demo-media';
import { zipEntries } from '../test/helpers/zip';
import {
  cell,
  cellAt,
  downloadFromHelpMenu,
  facetValue,
  field,
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
import { axeCheck } from './helpers/axe';

// The archive (issue 17): the lands officer, an archivist with the Archive capability, catalogues
// an elder's recording with two photographs (uploaded through the entry's Files section), sees
// their thumbnails on the catalogue's cards and the media facet count them, and finds the entry
// by its facets; a member, who may not read PRIVATE entries, does not find the private one, and
// a member who is not one of the Elders finds the Elders' recording neither in search nor in the
// catalogue's archive-attachments.zip, which holds it for the officer, who is.
// Screenshots light, dark and phone; axe on the catalogue and the source organisations.

const OFFICER = 'lands.officer@riverbend.example';
const MEMBER = 'member@riverbend.example';
const CATALOGUE = 'Catalogue';
const TITLE = 'Elder Rose Whitehorse at the berry grounds';

let app: E2EApp;
let tmp: string;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  app = await startApp({}, undefined, [], { demoFiles: true });
  tmp = mkdtempSync(path.join(tmpdir(), 'ckk-archive-'));
  writeFileSync(path.join(tmp, 'rose-whitehorse-berries.wav'), demoWav(2));
  for (const [name, colour] of [
    ['berry-grounds-1.jpg', '#6d4c41'],
    ['berry-grounds-2.jpg', '#33691e'],
  ] as const)
    writeFileSync(
      path.join(tmp, name),
      await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    );
  page = await person(OFFICER);
}, 120_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function person(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, { acceptDownloads: true, ...(viewport ? { viewport } : {}) });
  contexts.push(c);
  const p = await c.newPage();
  await signIn(p, app.server.url, email);
  return p;
}

const catalogue = (p = page) => cell(p, CATALOGUE);
const results = (p = page) => catalogue(p).getByRole('list', { name: 'Results' });
const facets = (p = page) => catalogue(p).getByRole('complementary', { name: 'Filter the results' });

async function openCatalogue(p = page) {
  await p.goto(`${app.server.url}/archive.catalogue`);
  await results(p).waitFor({ timeout: 20_000 });
}

async function searchList(text: string, p = page) {
  const box = catalogue(p).getByRole('searchbox', { name: 'Search in this list' });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * The catalogue's "Export attachments (zip)" for the search on screen, followed in the Help menu
 * to its download: the zip's name and the names of the files in it.
 */
async function exportZip(p: Page): Promise<{ name: string; files: string[] }> {
  await catalogue(p).getByRole('button', { name: 'Export attachments (zip)' }).click();
  // Queuing the task is a pg-boss round trip: slow on a loaded machine.
  await p.getByText(/^The zip has started\. Follow it in the Help menu/).waitFor({ timeout: 30_000 });
  const file = await downloadFromHelpMenu(p);
  await p.keyboard.press('Escape');
  const entries = await zipEntries(readFileSync((await file.path())!));
  return { name: file.suggestedFilename(), files: [...entries.keys()].map((n) => n.split('/').pop()!) };
}

/** The images on the result cards that have loaded (a thumbnail that failed would be removed). */
const loadedThumbnails = (p = page) =>
  results(p)
    .locator('img[data-card-image]')
    .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length);

describe('archive', () => {
  it('shows the demo catalogue as cards with thumbnails, and its facets', async () => {
    await openCatalogue();
    await expect.poll(() => results().locator(':scope > li').count()).toBeGreaterThan(5);
    // The demo's photographs and the survey plan: four entries with an image.
    await expect.poll(() => loadedThumbnails(), { timeout: 15_000 }).toBe(4);
    for (const name of [
      'Category',
      'Type',
      'Media',
      'Collections',
      'Source organisation',
      'Year',
      'Needs attention',
    ])
      await facets().getByRole('region', { name }).waitFor();
    await shot(page, 'archive-catalogue-light');
    await axeCheck(page, 'archive-catalogue');
    await setDark(page, true);
    await shot(page, 'archive-catalogue-dark');
    await axeCheck(page, 'archive-catalogue-dark');
    await setDark(page, false);
  });

  it('catalogues an elder’s recording with photographs, uploaded onto the entry', async () => {
    await openCatalogue();
    await catalogue().getByRole('button', { name: 'New Archive entry' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Archive entry' });
    await field(dialog, 'Title').fill(TITLE);
    await field(dialog, 'Description').fill('Rose tells where the families picked berries each August.');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    const record = cellAt(page, 1);
    const files = record.getByTestId('attachments');
    await files.getByRole('heading', { name: 'Attachments' }).waitFor({ timeout: 15_000 });
    await files
      .locator('input[type=file]')
      .setInputFiles([
        path.join(tmp, 'rose-whitehorse-berries.wav'),
        path.join(tmp, 'berry-grounds-1.jpg'),
        path.join(tmp, 'berry-grounds-2.jpg'),
      ]);
    for (const name of ['rose-whitehorse-berries.wav', 'berry-grounds-1.jpg', 'berry-grounds-2.jpg'])
      await files.locator(`[data-attachment="${name}"]`).waitFor({ timeout: 30_000 });
    // The new entry opened beside the catalogue: its id is in the address.
    const id = /ArchiveEntry-\d+/.exec(decodeURIComponent(page.url()))?.[0];
    expect(id).toBeTruthy();
    await expect
      .poll(async () => (await stored(app, id!)).mediaCategories, { timeout: 15_000 })
      .toEqual(['AUDIO', 'IMAGE']);
    await files.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await shot(page, 'archive-entry-files');
  });

  it('finds the new entry by the media facet, with its thumbnail on the card', async () => {
    await openCatalogue();
    const audio = await facetValue(facets(), 'Media', /^Audio/);
    // The demo's trapline interview, the Elders' burial-grounds recording (the officer is one of
    // the Elders) and the new recording.
    await expect.poll(() => audio.textContent()).toMatch(/3$/);
    const image = await facetValue(facets(), 'Media', /^Image/);
    await expect.poll(() => image.textContent()).toMatch(/5$/);
    await audio.click();
    await expect.poll(() => results().locator(':scope > li').count()).toBe(3);
    const card = results().locator('li').filter({ hasText: TITLE });
    await card.waitFor();
    await expect
      .poll(() => card.locator('img[data-card-image]').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, 'archive-catalogue-audio');
    // The same search as a table and a carousel keeps the thumbnail.
    const modes = catalogue().getByRole('group', { name: 'Show results as' });
    await modes.getByRole('button', { name: 'Table' }).click();
    await catalogue().getByRole('table').locator('img[data-card-image]').first().waitFor();
    await modes.getByRole('button', { name: 'One at a time' }).click();
    await catalogue().locator('img[data-card-image]').first().waitFor();
    await shot(page, 'archive-catalogue-carousel');
    await modes.getByRole('button', { name: 'Cards' }).click();
  });

  it('lists source organisations only through entries the reader may read', async () => {
    await page.goto(`${app.server.url}/archive.orgs`);
    const orgs = cell(page, 'Source organisations');
    await orgs.getByRole('link', { name: /Valley Museum of History/ }).waitFor({ timeout: 15_000 });
    // The confidential notes are the lands manager's: the officer does not hear of their source.
    expect(await orgs.getByText('Crane & Hollis Barristers').count()).toBe(0);
    await orgs.getByRole('searchbox', { name: 'Find a source organisation' }).fill('provincial');
    await expect
      .poll(() => orgs.getByRole('list', { name: 'Source organisations' }).getByRole('link').count())
      .toBe(1);
    await axeCheck(page, 'archive-orgs');
  });

  it('does not show a member the private or the Elders-only entries', async () => {
    const member = await person(MEMBER);
    await openCatalogue(member);
    await results(member).getByText('Fish camp at the river flats, summer 1962').waitFor();
    await searchList('negotiation', member);
    await catalogue(member)
      .getByText(/^Nothing matches/)
      .first()
      .waitFor();
    expect(await results(member).getByText('Land claim negotiation notes (confidential)').count()).toBe(0);
    await searchList('burial', member);
    await catalogue(member)
      .getByText(/^Nothing matches/)
      .first()
      .waitFor();
    await shot(member, 'archive-member-no-private');
    // The whole catalogue's zip: the community's recordings, not the Elders'.
    await searchList('', member);
    await results(member).getByText('Fish camp at the river flats, summer 1962').waitFor();
    const zip = await exportZip(member);
    expect(zip.name).toBe('archive-attachments.zip');
    expect(zip.files).toContain('longwater-trapline-tape3.wav');
    expect(zip.files).not.toContain('upper-river-burial-grounds.wav');
  });

  it('zips the Elders’ recording for the officer, who is one of the Elders', async () => {
    await openCatalogue();
    await searchList('burial');
    // The search narrowed to the one entry (the whole catalogue has it too).
    await expect.poll(() => results().locator(':scope > li').count()).toBe(1);
    await results().getByText('Old burial grounds along the upper river').waitFor();
    const zip = await exportZip(page);
    expect(zip.files).toEqual(['upper-river-burial-grounds.wav']);
  });

  it('fits a phone', async () => {
    const phone = await person(OFFICER, { width: 390, height: 844 });
    await openCatalogue(phone);
    await expect.poll(() => loadedThumbnails(phone), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await fitsWidth(phone)).toBe(true);
    await shot(phone, 'archive-catalogue-phone');
    await axeCheck(phone, 'archive-catalogue-phone');
  });
});
