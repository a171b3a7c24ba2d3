import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cell,
  cellAt,
  facetValue,
  newContext,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// A lands officer attaches files to a referral thread: drops an audio recording and watches
// it upload, loses the network mid-upload and sees it finish when the network is back, plays
// the recording and seeks in it, opens a photo in the lightbox. A proponent without access to
// the thread gets 404 for the very same URLs.

let app: E2EApp;
let officer: BrowserContext;
let page: Page;
let other: BrowserContext | undefined;
let otherPage: Page | undefined;
let tmp: string;
let filesDir: string;

const THREAD = '/i-Thread-3';

/** A mono 16-bit WAV of `seconds` at 8 kHz: a quiet tone, so the player has a real duration. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const n = rate * seconds;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++)
    buf.writeInt16LE(Math.round(2000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return buf;
}

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-up-'));
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-files-'));
  app = await startApp({ filesDir });
  officer = await newContext(app);
  page = await officer.newPage();
  await signIn(page, app.server.url, 'lands.officer@riverbend.example');
  writeFileSync(path.join(tmp, 'elder-story.wav'), wav(30));
  writeFileSync(
    path.join(tmp, 'river-flats.png'),
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer(),
  );
  // Incompressible bytes, large enough that a throttled upload is still running when the network drops.
  const big = Buffer.alloc(12_000_000);
  for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  writeFileSync(path.join(tmp, 'drone-survey.bin'), big);
  for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  writeFileSync(path.join(tmp, 'drone-survey-2.bin'), big);
});

screenshotOnFailure(() => [page, otherPage]);

afterAll(async () => {
  await other?.close();
  await officer?.close();
  await app?.close();
  rmSync(tmp, { recursive: true, force: true });
  rmSync(filesDir, { recursive: true, force: true });
});

const section = () => cellAt(page, 0).getByTestId('attachments');
const row = (name: string) => section().locator(`[data-attachment="${name}"]`);

/** A screenshot with the attachments section in view (it sits below the item's fields). */
async function snap(name: string) {
  await section().evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shot(page, name);
}

async function openThread() {
  await page.goto(app.server.url + THREAD);
  await section().getByRole('heading', { name: 'Attachments' }).waitFor();
  await recordSettled(page);
}

/**
 * The thread record's other sections arrive in chunks of their own; until they have, the files
 * move down the page under the pointer.
 */
async function recordSettled(p: Page) {
  await cellAt(p, 0).getByRole('textbox', { name: 'Your reply' }).waitFor();
  await cellAt(p, 0).getByRole('heading', { name: 'History' }).waitFor();
}

describe('attachments', () => {
  it('drops a recording onto the item, shows progress, and lists it when done', async () => {
    await openThread();
    await section().getByText('No files attached yet.').waitFor();
    await snap('attachments-empty');
    await section().locator('input[type=file]').setInputFiles(path.join(tmp, 'elder-story.wav'));
    const upload = section().locator('[data-upload="elder-story.wav"]');
    await upload.getByRole('progressbar').waitFor();
    await upload
      .locator('[data-status="done"]')
      .or(upload.and(page.locator('[data-status="done"]')))
      .first()
      .waitFor();
    await row('elder-story.wav').waitFor();
    await expect.poll(() => row('elder-story.wav').textContent()).toContain('480.0 KB');
    // The upload changed the thread (its file list) as the officer: her own change, not news.
    await page.waitForTimeout(1000);
    expect(await page.getByText('Someone else changed this item').count()).toBe(0);
    await snap('attachments-uploaded');
  });

  it('keeps going after the network drops mid-upload', async () => {
    await openThread();
    const cdp = await officer.newCDPSession(page);
    // About 1.5 MB/s up: the 12 MB file takes several seconds.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1_500_000,
    });
    await section().locator('input[type=file]').setInputFiles(path.join(tmp, 'drone-survey.bin'));
    const upload = section().locator('[data-upload="drone-survey.bin"]');
    await expect
      .poll(async () => Number(await upload.getByRole('progressbar').getAttribute('aria-valuenow')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await officer.setOffline(true);
    await upload.getByText('Waiting for the network…').waitFor();
    await snap('attachments-offline');
    const before = Number(await upload.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(before).toBeLessThan(100);
    await page.waitForTimeout(1000);
    await officer.setOffline(false);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await row('drone-survey.bin').waitFor({ timeout: 30_000 });
    await expect.poll(() => upload.getAttribute('data-status')).toBe('done');
    await cdp.detach();
  });

  it('pauses, and after a page reload continues from where the server stopped', async () => {
    await openThread();
    const cdp = await officer.newCDPSession(page);
    const throttle = (bytesPerSecond: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: bytesPerSecond > 0 ? 20 : 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
    await throttle(1_500_000);
    const file = path.join(tmp, 'drone-survey-2.bin');
    await section().locator('input[type=file]').setInputFiles(file);
    const upload = section().locator('[data-upload="drone-survey-2.bin"]');
    await expect
      .poll(async () => Number(await upload.getByRole('progressbar').getAttribute('aria-valuenow')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(10);
    await upload.getByRole('button', { name: 'Pause: drone-survey-2.bin' }).click();
    await upload.getByText('Paused').waitFor();
    await snap('attachments-paused');
    // The page goes away in the middle of the upload.
    await page.reload();
    await section().getByRole('heading', { name: 'Attachments' }).waitFor();
    const posts: string[] = [];
    const offsets: number[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/api/upload')) return;
      if (r.method() === 'POST') posts.push(r.url());
      if (r.method() === 'PATCH') offsets.push(Number(r.headers()['upload-offset']));
    });
    await throttle(-1);
    await section().locator('input[type=file]').setInputFiles(file);
    await row('drone-survey-2.bin').waitFor({ timeout: 30_000 });
    expect(posts).toEqual([]);
    expect(offsets[0]).toBeGreaterThan(1_000_000);
    const href = await row('drone-survey-2.bin')
      .getByRole('link', { name: /^Download / })
      .getAttribute('href');
    const body = await page.request.get(app.server.url + href!);
    expect(Buffer.from(await body.body()).equals(readFileSync(file))).toBe(true);
    await cdp.detach();
  });

  it('plays the recording and seeks with range requests', async () => {
    await openThread();
    const ranged: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/attachment/') && r.status() === 206) ranged.push(r.status());
    });
    await row('elder-story.wav')
      .getByRole('button', { name: /^elder-story\.wav/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /elder-story\.wav/ });
    const audio = dialog.locator('audio');
    await audio.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 })
      .toBeCloseTo(30, 0);
    const at = await audio.evaluate(
      (a: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          a.addEventListener('seeked', () => resolve(a.currentTime), { once: true });
          a.currentTime = 21.5;
        }),
    );
    expect(at).toBeCloseTo(21.5, 0);
    expect(ranged.length).toBeGreaterThan(0);
    await shot(page, 'attachments-audio-player');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('opens a photo in the lightbox', async () => {
    await openThread();
    await section().locator('input[type=file]').setInputFiles(path.join(tmp, 'river-flats.png'));
    await row('river-flats.png').waitFor();
    await row('river-flats.png')
      .getByRole('button', { name: /^river-flats\.png/ })
      .click();
    const img = page.getByRole('dialog').getByRole('img', { name: 'Image river-flats.png' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1200);
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await shot(page, 'attachments-lightbox');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  });

  it('finds the files by kind and size band in search', async () => {
    await page.goto(app.server.url + '/search');
    const results = page.locator('section[data-cell-index="0"]');
    const facets = results.getByRole('complementary', { name: 'Filter the results' });
    await (await facetValue(facets, 'Type', /^Attachment/)).click();
    const size = facets.getByRole('region', { name: 'Size' });
    await size.getByRole('button', { name: /^10 MB to 100 MB\s*2$/ }).waitFor();
    await facets
      .getByRole('region', { name: 'Kind of file' })
      .getByRole('button', { name: /^Audio\s*1$/ })
      .waitFor();
    await size.getByRole('button', { name: /^1 KB to 1 MB\s*2$/ }).click();
    await expect.poll(() => results.getByRole('status').first().textContent()).toBe('2 results');
    await results.getByRole('button', { name: 'Remove filter Size: 1 KB to 1 MB' }).waitFor();
    await shot(page, 'attachments-search-facets');
  });

  it('a proponent without access gets 404 for the file, its variants and the item image', async () => {
    await openThread();
    await row('river-flats.png').waitFor();
    const hrefs = await section()
      .getByRole('link', { name: /^Download / })
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    other = await newContext(app);
    otherPage = await other.newPage();
    await signIn(otherPage, app.server.url, 'proponent@northernpipeline.example');
    const thumb = hrefs
      .find((h) => h.includes('river-flats'))!
      .replace(/\/[^/]*\?download=1$/, '?variant=thumbnail');
    for (const url of [...hrefs, thumb, `${app.server.url}/item-id-image/Thread-3?variant=small`]) {
      const res = await otherPage.request.get(url);
      expect({ url, status: res.status() }).toEqual({ url, status: 404 });
    }
    // The officer's own browser gets them.
    expect((await page.request.get(thumb)).status()).toBe(200);
    await otherPage.goto(hrefs[0]!);
    await shot(otherPage, 'attachments-outsider-404');
  });

  it('trash hides a file, restore brings it back, and an admin purges it for good', async () => {
    await openThread();
    await row('drone-survey.bin').getByRole('button', { name: 'Move to trash: drone-survey.bin' }).click();
    await row('drone-survey.bin').waitFor({ state: 'detached' });
    await section().getByRole('switch', { name: 'Show trash' }).check();
    await row('drone-survey.bin').waitFor();
    await snap('attachments-trash');
    await row('drone-survey.bin').getByRole('button', { name: 'Restore: drone-survey.bin' }).click();
    await row('drone-survey.bin').waitFor({ state: 'detached' });
    await section().getByRole('switch', { name: 'Show trash' }).uncheck();
    await row('drone-survey.bin').waitFor();
    await row('drone-survey.bin').getByRole('button', { name: 'Move to trash: drone-survey.bin' }).click();
    await row('drone-survey.bin').waitFor({ state: 'detached' });
    // In the trash it is out of general search too: the search page finds the other survey file only.
    await page.goto(app.server.url + '/search?c0=drone-survey');
    const results = cell(page, 'Search').getByRole('list', { name: 'Results' });
    await results.getByRole('link', { name: /drone-survey-2\.bin/ }).waitFor();
    expect(await results.getByRole('link', { name: /drone-survey\.bin/ }).count()).toBe(0);
    await shot(page, 'attachments-trash-not-in-search');

    const adminContext = await newContext(app);
    const admin = await adminContext.newPage();
    try {
      await signIn(admin, app.server.url, 'admin@riverbend.example');
      await admin.goto(app.server.url + THREAD);
      await recordSettled(admin);
      const adminSection = cellAt(admin, 0).getByTestId('attachments');
      await adminSection.getByRole('switch', { name: 'Show trash' }).check();
      await adminSection.getByRole('button', { name: 'Delete for good: drone-survey.bin' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Are you sure?' });
      await dialog.getByText('Delete drone-survey.bin for good?').waitFor();
      await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await shot(admin, 'attachments-purge-confirm');
      await dialog.getByRole('button', { name: 'Delete for good' }).click();
      await admin.getByRole('alert').filter({ hasText: 'File deleted.' }).waitFor();
      await adminSection.locator('[data-attachment="drone-survey.bin"]').waitFor({ state: 'detached' });
    } finally {
      await adminContext.close();
    }
  });
});
