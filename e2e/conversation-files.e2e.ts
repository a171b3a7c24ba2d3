import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newContext,
  openConversation,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// A reply with files, in two browsers: the lands officer attaches a photo and a survey file
// with the keyboard, sends, and watches the upload progress under his message; the lands admin
// sees both files arrive under it without reloading, opens the photo, and answers with a file
// dropped on the reply box.

const OFFICER = 'lands.officer@riverbend.example';
const LANDS_ADMIN = 'lands.admin@riverbend.example';
const SUBJECT = 'Referral backlog for December';

let app: E2EApp;
let filesDir: string;
let officer: Page;
let landsAdmin: Page;
const contexts: BrowserContext[] = [];
let photo: Buffer;
const survey = Buffer.alloc(3_000_000);

async function person(email: string): Promise<Page> {
  const c = await newContext(app);
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, email);
  return page;
}

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-reply-files-'));
  app = await startApp({ filesDir });
  officer = await person(OFFICER);
  landsAdmin = await person(LANDS_ADMIN);
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1565c0' } })
    .jpeg()
    .toBuffer();
  // Incompressible, so the throttled upload takes a couple of seconds.
  for (let i = 0; i < survey.length; i += 4) survey.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
});

screenshotOnFailure(() => [officer, landsAdmin]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

describe('replying with attachments', () => {
  it('files chosen with the keyboard upload into the reply with progress and arrive live for the other person', async () => {
    const mine = await openConversation(officer, app.server.url, SUBJECT);
    const theirs = await openConversation(landsAdmin, app.server.url, SUBJECT);

    await mine.getByLabel('Your reply').fill('Site photo and the survey from Tuesday.');
    // Keyboard only: Tab to "Attach files", Enter opens the file chooser.
    await mine.getByLabel('Your reply').focus();
    await officer.keyboard.press('Tab');
    await officer.keyboard.press('Tab');
    expect(await officer.evaluate(() => document.activeElement?.textContent)).toBe('Attach files');
    // Enter on the button opens the file input's chooser (Playwright's own chooser event races
    // its interception set-up, so the test watches the input's click and then sets the files).
    const input = mine.locator('[data-testid=reply-box] input[type=file]');
    await input.evaluate((el) =>
      el.addEventListener('click', () => el.setAttribute('data-opened', 'yes'), { once: true }),
    );
    await officer.keyboard.press('Enter');
    await expect.poll(() => input.getAttribute('data-opened')).toBe('yes');
    await input.setInputFiles([
      { name: 'culvert-3.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'survey-points.bin', mimeType: 'application/octet-stream', buffer: survey },
    ]);
    const chosen = mine.getByRole('list', { name: 'Files to send with this reply' });
    await chosen
      .locator('[data-reply-file="survey-points.bin"]')
      .getByText('Ready to send · 3.0 MB')
      .waitFor();
    await shot(officer, 'conversation-reply-files-chosen');

    // About 1 MB/s up: the survey takes a few seconds, long enough to see it progress.
    const cdp = await contexts[0]!.newCDPSession(officer);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 10,
      downloadThroughput: -1,
      uploadThroughput: 1_000_000,
    });
    await mine.getByRole('button', { name: 'Send', exact: true }).click();
    const message = mine
      .getByTestId('message')
      .filter({ hasText: 'Site photo and the survey from Tuesday.' });
    const progress = message
      .getByRole('list', { name: 'Files being added to this message' })
      .locator('[data-reply-file="survey-points.bin"]')
      .getByRole('progressbar');
    await expect
      .poll(async () => Number((await progress.getAttribute('aria-valuenow', { timeout: 500 })) ?? 0), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    await shot(officer, 'conversation-reply-files-uploading');
    // The reply box is free again while the files go up.
    expect(await mine.getByLabel('Your reply').inputValue()).toBe('');

    // Both browsers list both files under the message once the server has them.
    for (const pane of [mine, theirs]) {
      const files = pane
        .getByTestId('message')
        .filter({ hasText: 'Site photo and the survey from Tuesday.' })
        .getByTestId('message-attachments');
      await files.locator('[data-attachment="survey-points.bin"]').waitFor({ timeout: 30_000 });
      await files.locator('[data-attachment="culvert-3.jpg"]').waitFor();
      await expect.poll(() => files.textContent()).toContain('3.0 MB');
    }
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await mine.locator('[data-reply-file]').count()).toBe(0);
    await shot(landsAdmin, 'conversation-reply-files-arrived');

    // She opens the photo: the lightbox shows the image; the survey downloads.
    const files = theirs.getByTestId('message-attachments');
    await files.getByRole('button', { name: /culvert-3\.jpg/ }).click();
    const dialog = landsAdmin.getByRole('dialog', { name: /culvert-3\.jpg/ });
    const img = dialog.getByRole('img', { name: /culvert-3\.jpg/ });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Let the dialog finish fading in before the picture.
    await expect
      .poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.MuiDialog-container') ?? el).opacity))
      .toBe('1');
    await shot(landsAdmin, 'conversation-reply-photo-lightbox');
    await landsAdmin.keyboard.press('Escape');
    const href = await files.getByRole('link', { name: 'Download survey-points.bin' }).getAttribute('href');
    const res = await landsAdmin.request.get(app.server.url + href!);
    expect(res.status()).toBe(200);
    expect((await res.body()).equals(survey)).toBe(true);

    // She answers with a file dropped on the reply box; it arrives under her reply for him.
    const box = theirs.getByTestId('reply-box');
    const dt = await landsAdmin.evaluateHandle(() => {
      const d = new DataTransfer();
      d.items.add(new File(['Approved for Thursday.\n'], 'approval.txt', { type: 'text/plain' }));
      return d;
    });
    await box.dispatchEvent('drop', { dataTransfer: dt });
    await theirs.locator('[data-reply-file="approval.txt"]').waitFor();
    await theirs.getByLabel('Your reply').fill('Approved, see the note.');
    await theirs.getByLabel('Your reply').press('Control+Enter');
    await mine
      .getByTestId('message')
      .filter({ hasText: 'Approved, see the note.' })
      .locator('[data-attachment="approval.txt"]')
      .waitFor();
    await shot(officer, 'conversation-reply-files-answer');
  });
});
