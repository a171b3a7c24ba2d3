import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tusUpload } from '../test/helpers/tus';
import { signIn as signInToken } from '../test/helpers/ws-client';
import { SYSTEM } from '../src/server/access/principal';
import {
  cell,
  cellAt,
  DEMO_PASSWORD,
  field,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';
import { axeBothModes } from './helpers/axe';

// axe-core on the signed-out pages and on the dialogs, menus and states that open within screens,
// in light and dark mode. Serious and critical violations fail the test; the rest are printed for
// the record. Each state is reached once and checked in both modes: the people here have chosen
// no mode, so the app follows the system's colour scheme, which the check switches in place
// (helpers/axe.ts, axeBothModes). The whole flow once per mode was 350 s of a worker's time in CI.

let app: E2EApp;
const contexts: BrowserContext[] = [];
let current: Page | undefined;
const report: string[] = [];
let checks = 0;

const filesDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-a11y-files-'));
let attached: Promise<void> | undefined;

beforeAll(async () => {
  app = await startApp({ filesDir });
});

screenshotOnFailure(() => [current]);

afterAll(async () => {
  console.log(
    report.length
      ? [`axe-core, ${checks} checks; minor and moderate violations (not failing):`, ...report].join('\n')
      : `axe-core, ${checks} checks: no violations of any impact.`,
  );
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** An audio recording and a photo on Thread-3, uploaded once over tus as the lands officer. */
function attachFiles(): Promise<void> {
  attached ??= (async () => {
    const token = await signInToken(app.server.url, 'lands.officer@riverbend.example', DEMO_PASSWORD);
    const audio = Buffer.alloc(44 + 16_000);
    audio.write('RIFF', 0);
    audio.writeUInt32LE(36 + 16_000, 4);
    audio.write('WAVEfmt ', 8);
    audio.writeUInt32LE(16, 16);
    audio.writeUInt16LE(1, 20);
    audio.writeUInt16LE(1, 22);
    audio.writeUInt32LE(8000, 24);
    audio.writeUInt32LE(16_000, 28);
    audio.writeUInt16LE(2, 32);
    audio.writeUInt16LE(16, 34);
    audio.write('data', 36);
    audio.writeUInt32LE(16_000, 40);
    await tusUpload(app.server.url, token, audio, { rel: 'Thread-3', filename: 'elder-story.wav' });
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1565c0' } })
      .png()
      .toBuffer();
    await tusUpload(app.server.url, token, png, { rel: 'Thread-3', filename: 'river-flats.png' });
  })();
  return attached;
}

async function context(opts: { cookieNotice?: boolean } = {}): Promise<Page> {
  const c = await newContext(app, { colorScheme: 'light', cookieNotice: opts.cookieNotice ?? false });
  contexts.push(c);
  current = await c.newPage();
  return current;
}

/** Signed in as `email`, the pointer in the drawer's empty end, where no control is hovered. */
async function signedIn(email: string): Promise<Page> {
  const page = await context();
  await signIn(page, app.server.url, email);
  await page.mouse.move(1, (page.viewportSize()?.height ?? 900) - 2);
  return page;
}

/** Screenshots and axe-core in light and dark; serious or critical violations fail. */
async function check(page: Page, name: string) {
  checks += 2;
  await axeBothModes(page, `a11y-${name}`, report);
}

describe('light and dark mode', () => {
  it('signed-out pages: sign-in (with the cookie notice), register, forgot password, privacy policy', async () => {
    const page = await context({ cookieNotice: true });
    await page.goto(app.server.url + '/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('region', { name: 'About cookies' }).waitFor();
    await check(page, 'sign-in');

    await page.goto(app.server.url + '/register');
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await check(page, 'register');

    await page.goto(app.server.url + '/forgot-password');
    await page.getByRole('button', { name: 'Send link' }).waitFor();
    await check(page, 'forgot-password');

    await page.goto(app.server.url + '/privacy-policy');
    await page.getByRole('heading', { level: 2, name: 'Cookies' }).waitFor();
    await check(page, 'privacy-policy-signed-out');
  });

  it('signed in: home, an editable item, columns, privacy policy', async () => {
    const page = await signedIn('lands.officer@riverbend.example');
    await page.getByRole('link', { name: 'Riverbend First Nation', exact: true }).waitFor();
    await check(page, 'home');

    // An item opens as a record to read; Edit turns it into its form. Both are checked.
    await page.goto(app.server.url + '/i-Thread-3');
    await cellAt(page, 0).getByRole('heading', { level: 3 }).waitFor();
    await check(page, 'item-record');
    await cellAt(page, 0).getByRole('button', { name: 'Edit', exact: true }).click();
    await field(cellAt(page, 0), 'Subject').waitFor();
    await check(page, 'item-editable');

    await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2/i-Thread-3');
    for (const i of [0, 1, 2]) await cellAt(page, i).getByRole('heading', { level: 3 }).waitFor();
    await check(page, 'columns');

    await page.goto(app.server.url + '/privacy-policy');
    await page.getByRole('heading', { level: 2, name: 'Cookies' }).waitFor();
    await check(page, 'privacy-policy');
  });

  it('attachments: the list with its upload area, the audio player and the image lightbox', async () => {
    await attachFiles();
    const page = await signedIn('lands.officer@riverbend.example');
    await page.goto(app.server.url + '/i-Thread-3');
    const section = cellAt(page, 0).getByTestId('attachments');
    await section.locator('[data-attachment="river-flats.png"] img').waitFor();
    await section.getByRole('button', { name: 'Choose files' }).waitFor();
    await section.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await check(page, 'attachments');

    await section.getByRole('button', { name: /^elder-story\.wav/ }).click();
    await page.getByRole('dialog').locator('audio').waitFor();
    await check(page, 'attachment-audio');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await section.getByRole('button', { name: /^river-flats\.png/ }).click();
    const img = page.getByRole('dialog').getByRole('img', { name: 'Image river-flats.png' });
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(600);
    await check(page, 'attachment-lightbox');
  });
  it('people: admin.contacts, admin.owner and the profile of an organisation admin', async () => {
    const page = await signedIn('lands.admin@riverbend.example');
    await page.goto(app.server.url + '/admin.contacts');
    await page.getByRole('row').filter({ hasText: 'Lucy Moosehide' }).getByText('No account').waitFor();
    await check(page, 'admin-contacts');

    await page.goto(app.server.url + '/admin.owner');
    await page.getByRole('combobox', { name: 'Roles of Daniel Crow' }).waitFor();
    await check(page, 'admin-owner');

    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'My profile' }).click();
    await page.getByRole('combobox', { name: 'E-mail notifications' }).waitFor();
    await check(page, 'profile');
  });

  it('admin.capabilities: the grid of organisations and capabilities', async () => {
    const page = await signedIn('admin@riverbend.example');
    await page.goto(app.server.url + '/admin.capabilities');
    await page
      .getByRole('table', { name: 'Capabilities of Organisations' })
      .getByRole('rowheader', { name: 'Riverbend First Nation' })
      .waitFor();
    await check(page, 'admin-capabilities');
  });

  it('masquerade: the picker and the banner', async () => {
    const page = await signedIn('admin@riverbend.example');
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Act as another user…' }).click();
    const picker = page.getByRole('dialog', { name: 'Select user for masquerade' });
    await picker.getByRole('option', { name: /Daniel Crow/ }).waitFor();
    await check(page, 'masquerade-picker');
    await picker.getByRole('option', { name: /Daniel Crow/ }).click();
    const banner = page.getByRole('status').filter({ hasText: 'You are acting as Daniel Crow' });
    await banner.waitFor();
    await check(page, 'masquerade-banner');
    await banner.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Site Administrator' }).waitFor();
  });
  it('signed in: the notification bell menu, /notifications and a conversation', async () => {
    const page = await signedIn('lands.officer@riverbend.example');
    await page.getByTestId('notification-bell').click();
    await page.getByRole('menuitem', { name: 'View all notifications' }).waitFor();
    await check(page, 'notification-bell');
    await page.keyboard.press('Escape');
    await page.goto(app.server.url + '/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await check(page, 'notifications');
    await page.goto(app.server.url + '/conversations?c0=Thread-3');
    await page.getByRole('textbox', { name: 'Your reply' }).waitFor();
    await check(page, 'conversation');
    // A reply with a file: chosen, then sent and listed under its message.
    await page.locator('[data-testid=reply-box] input[type=file]').setInputFiles({
      name: 'minutes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Minutes.\n'),
    });
    await page.locator('[data-reply-file="minutes.txt"]').waitFor();
    await check(page, 'conversation-reply-file-chosen');
    await page.getByRole('textbox', { name: 'Your reply' }).fill('The minutes are attached.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('[data-testid=message-attachments] [data-attachment="minutes.txt"]').waitFor();
    await check(page, 'conversation-reply-with-file');
  });

  it('signed in read-only: an item the member may not change', async () => {
    const page = await signedIn('member@riverbend.example');
    await page.goto(app.server.url + '/i-Agreement-2');
    await cellAt(page, 0).getByRole('heading', { level: 3, name: 'Community data-sharing terms' }).waitFor();
    await check(page, 'item-read-only');
  });

  it('admin and information screens: alerts, system state, interface text, menu items, help, what’s new, support', async () => {
    const items = app.server.app.services.items;
    const page = await signedIn('admin@riverbend.example');
    await page.goto(app.server.url + '/admin.sysalerts');
    await cellAt(page, 0).getByRole('button', { name: 'New System alert' }).waitFor();
    await check(page, 'admin-sysalerts');

    // Two alerts reach the open page live; they are removed again for the other checks.
    const card = await items.create(SYSTEM, 'SystemAlert', {
      title: 'Office closed Friday',
      message: 'The lands office is closed for the gathering.',
      active: true,
    });
    await page.locator('[data-alert]').waitFor();
    await check(page, 'sysalert-card');
    const modal = await items.create(SYSTEM, 'SystemAlert', {
      title: 'Maintenance tonight',
      message: 'The site is down from 10 pm.',
      modal: true,
      active: true,
    });
    await page.getByRole('dialog', { name: 'Maintenance tonight' }).waitFor();
    await check(page, 'sysalert-modal');
    await items.delete(SYSTEM, modal.$id);
    await items.delete(SYSTEM, card.$id);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('[data-alert]').waitFor({ state: 'detached' });

    await page.goto(app.server.url + '/admin.state');
    await cellAt(page, 0).getByRole('table', { name: 'Servers on this database' }).waitFor();
    await check(page, 'admin-state');

    await page.goto(app.server.url + '/admin.systext');
    await cellAt(page, 0).getByLabel('Your text for app.name').waitFor();
    await check(page, 'admin-systext');

    await page.goto(app.server.url + '/admin.menu-items');
    await cellAt(page, 0).getByLabel('Show Home').waitFor();
    await check(page, 'admin-menu-items');

    await page.goto(app.server.url + '/docs/access-and-sharing');
    await page.getByRole('heading', { level: 2, name: 'Visibility levels' }).waitFor();
    await check(page, 'docs-page');

    await page.goto(app.server.url + '/whats-new');
    await page.getByRole('heading', { name: 'For administrators' }).waitFor();
    await check(page, 'whats-new');

    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Ask for support' }).click();
    await page.getByRole('dialog', { name: 'Ask for support' }).getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Ask for support' }).getByText('Required').first().waitFor();
    await check(page, 'support-form');
  });
  it('the help menu with a running background task', async () => {
    const page = await signedIn('admin@riverbend.example');
    await page.evaluate(async () => {
      const token = localStorage.getItem('Access-Token');
      await fetch('/api/item', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ o: 'act/simulateTask/async', b: { seconds: 30 } }),
      });
    });
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('progressbar', { name: 'Progress of Simulated task' }).waitFor();
    await check(page, 'help-menu-task');
    await page.keyboard.press('Escape');
  });
  it('lists of values: the manager list, the new-value dialog with its labels, a value, the list for members', async () => {
    const page = await signedIn('lands.admin@riverbend.example');
    await page.goto(app.server.url + '/admin.lovs');
    const list = cell(page, 'Manage lists of values');
    await list.getByRole('link', { name: /^Phone call/ }).waitFor();
    await check(page, 'admin-lovs');

    await list.getByRole('button', { name: 'New List value' }).click();
    const dialog = page.getByRole('dialog', { name: 'New List value' });
    await dialog.getByRole('button', { name: 'Add a language' }).waitFor();
    await check(page, 'lov-create');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(app.server.url + '/i-LOVValue-1');
    await cellAt(page, 0).getByRole('button', { name: 'Edit', exact: true }).click();
    await field(cellAt(page, 0), 'Key').waitFor();
    await check(page, 'lov-value');

    await page.goto(app.server.url + '/list-lov');
    await cell(page, 'Lists of values')
      .getByRole('link', { name: /^Phone call/ })
      .waitFor();
    await check(page, 'list-lov');
  });
});
