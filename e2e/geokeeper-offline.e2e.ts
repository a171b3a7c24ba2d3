import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { query, textArray } from '../src/server/db/query';
import {
  cell,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// Offline collection (issue 20): the demo's field monitor (member@, a plain member assigned to
// the Beaver Creek culvert work item) opens the collection screen once online (the app is
// installed: the service worker keeps it, the programs and forms are kept in IndexedDB), loses
// the signal, starts a trip and collects three records with photos and the phone's GPS, reloads
// the page still offline without losing anything, and syncs when back in range: the records and
// their photos are on the server. Then a conflict: a record edited offline while the lands
// officer changes it on the server is shown beside the server's on reconnect, and resolved.

const MONITOR = 'member@riverbend.example';
const OFFICER = 'lands.officer@riverbend.example';
const SHOTS = process.env.GEOKEEPER_SHOTS ?? '/tmp/shots-geokeeper-offline';
const GPS = { latitude: 56.2003, longitude: -120.7411, accuracy: 8 };
const RECORDS = [
  { title: 'Offline: silt fence torn', observation: 'Silt fence torn open at the west bank.', turbid: 'Yes' },
  { title: 'Offline: beaver dam upstream', observation: 'New beaver dam 50 m upstream.', turbid: 'No' },
  { title: 'Offline: oil sheen', observation: 'Rainbow sheen by the outfall.', turbid: 'Yes' },
];
// A small photo of the creek bank (a real JPEG, so the thumbnail shows).
let JPEG: Buffer;
const T = 180_000;

let app: E2EApp;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  JPEG = await sharp({ create: { width: 96, height: 72, channels: 3, background: { r: 96, g: 140, b: 80 } } })
    .jpeg()
    .toBuffer();
  app = await startApp();
  context = await newContext(app, {
    geolocation: GPS,
    permissions: ['geolocation'],
    serviceWorkers: 'allow',
  });
  page = await context.newPage();
  await signIn(page, app.server.url, MONITOR);
}, 180_000);

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await app?.close();
});

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
const screen = () => cell(page, 'Collect');
const status = () => page.getByTestId('sync-status').first();

async function fieldDataByLabel(labels: readonly string[]) {
  return query<{ id: string; label: string; data: Record<string, unknown> }>(
    app.server.app.services.items.db,
    sql`select id, data->>'label' as label, data from items
        where type = 'GeoKeeperFieldData' and data->>'label' = any(${textArray(labels)}) and not deleted`,
  );
}

async function attachmentsOf(id: string) {
  return query<{ name: string; size: number }>(
    app.server.app.services.items.db,
    sql`select data->>'originalName' as name, (data->>'size')::int as size from items
        where type = 'Attachment' and data->>'rel' = ${id} and not deleted`,
  );
}

async function collectRecord(r: (typeof RECORDS)[number], i: number) {
  await screen().getByRole('button', { name: 'New record' }).click();
  const form = screen().getByRole('form');
  await form.getByLabel('Title').fill(r.title);
  await form.getByLabel(/What did you see\?/).fill(r.observation);
  await form.getByRole('radio', { name: r.turbid }).check();
  if (r.turbid === 'Yes') await form.getByLabel(/Sample bottle number/).fill(String(i + 1));
  await form.locator('input[type=file][accept="image/*"]').setInputFiles({
    name: `culvert-${i}.jpg`,
    mimeType: 'image/jpeg',
    buffer: JPEG,
  });
  await form.getByRole('img').waitFor();
  await expect.poll(() => form.getByTestId('record-location').textContent()).toContain('±8 m');
  if (i < RECORDS.length - 1) {
    await form.getByRole('button', { name: 'Save on this phone' }).click();
  } else {
    // The last one is finalized on the spot: locked on the phone (no more changes), then closed.
    await form.getByRole('button', { name: 'Finalize' }).click();
    await form.getByText('Finalized: locked').waitFor();
    expect(await form.getByLabel(/What did you see\?/).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close anyway' }).click();
  }
  await screen().getByRole('list', { name: 'On this phone' }).waitFor();
}

describe('collecting offline', () => {
  it(
    'keeps the app and the monitor’s programs on the phone',
    async () => {
      await page.goto(`${app.server.url}/geokeeper.collect`);
      await expect
        .poll(() => screen().getByLabel('Program').textContent(), { timeout: 30_000 })
        .toContain('Beaver Creek culvert monitoring');
      // The service worker has kept the app and controls the page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      expect(await page.evaluate(() => navigator.storage.persisted())).toBeTypeOf('boolean');
    },
    T,
  );

  it(
    'collects a trip and three records with photos and GPS with no connection',
    async () => {
      await context.setOffline(true);
      await screen().getByRole('button', { name: 'Start a trip' }).click();
      const trip = screen().getByRole('form');
      await trip.getByLabel('Title').fill('Offline walk, culvert');
      await trip.getByLabel(/Who went/).fill('Daniel Crow');
      await trip.getByRole('button', { name: 'Save on this phone' }).click();
      for (const [i, r] of RECORDS.entries()) await collectRecord(r, i);
      const list = screen().getByRole('list', { name: 'On this phone' });
      for (const r of RECORDS) await list.getByText(r.title).waitFor();
      await expect.poll(() => status().textContent()).toContain('4 records wait to be sent.');
      await expect.poll(() => status().textContent()).toContain('3 files wait to upload.');
      await shot('collect-offline-light');
      await axeCheck(page, 'geokeeper collect, offline');
    },
    T,
  );

  it(
    'reloads offline without losing anything',
    async () => {
      const res = await page.reload();
      expect(res?.fromServiceWorker()).toBe(true);
      const list = screen().getByRole('list', { name: 'On this phone' });
      await list.waitFor({ timeout: 30_000 });
      for (const r of RECORDS) await list.getByText(r.title).waitFor();
      await expect.poll(() => status().textContent()).toContain('4 records wait to be sent.');
      // Still signed in (the sign-in page would have no connection to sign in with).
      expect(page.url()).toContain('/geokeeper.collect');
      await list.getByText(RECORDS[0]!.title).click();
      const form = screen().getByRole('form');
      await form.getByRole('img', { name: /^photo-/ }).waitFor();
      expect(await form.getByLabel(/What did you see\?/).inputValue()).toBe(RECORDS[0]!.observation);
      await shot('collect-record-offline');
      // Closing a record the server has not received warns (the spec's words), and may go on.
      await form.getByRole('button', { name: 'Close' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(/kept only on this device and have not been sent yet/).waitFor();
      await dialog.getByRole('button', { name: 'Close anyway' }).click();
      await screen().getByRole('list', { name: 'On this phone' }).waitFor();
    },
    T,
  );

  it(
    'syncs on reconnect: the records and their photos are on the server',
    async () => {
      await context.setOffline(false);
      await expect
        .poll(() => status().textContent(), { timeout: 90_000 })
        .toContain('Everything collected on this phone has been sent.');
      const rows = await fieldDataByLabel([...RECORDS.map((r) => r.title), 'Offline walk, culvert']);
      expect(rows).toHaveLength(4);
      const trip = rows.find((r) => r.label === 'Offline walk, culvert')!;
      for (const r of RECORDS) {
        const row = rows.find((x) => x.label === r.title)!;
        expect(row.data.trip).toBe(trip.id);
        expect((row.data.formInstance as { formData: Record<string, unknown> }).formData.observation).toBe(
          r.observation,
        );
        expect((row.data.spatial as { coordinates: number[] }).coordinates).toEqual([
          GPS.longitude,
          GPS.latitude,
        ]);
        const files = await attachmentsOf(row.id);
        expect(files).toHaveLength(1);
        expect(files[0]!.size).toBe(JPEG.length);
        expect(files[0]!.name).toBe(
          (row.data.formInstance as { formData: { photo: string } }).formData.photo,
        );
      }
      await shot('collect-synced-light');
    },
    T,
  );

  it(
    'shows the sync status on My field data',
    async () => {
      await page.goto(`${app.server.url}/geokeeper.my-data`);
      await cell(page, 'My field data')
        .getByTestId('sync-status')
        .getByText(/Everything collected/)
        .waitFor({
          timeout: 20_000,
        });
      await cell(page, 'My field data').getByRole('link', { name: RECORDS[2]!.title }).first().waitFor();
      await shot('my-data-sync-light');
    },
    T,
  );
});

describe('a conflict', () => {
  it(
    'is shown beside the server’s record on reconnect, and resolved',
    async () => {
      await page.goto(`${app.server.url}/geokeeper.collect`);
      const list = screen().getByRole('list', { name: 'On this phone' });
      await list.getByText(RECORDS[1]!.title).waitFor({ timeout: 20_000 });
      await context.setOffline(true);
      await list.getByText(RECORDS[1]!.title).click();
      const form = screen().getByRole('form');
      await form.getByLabel(/What did you see\?/).fill('Beaver dam 50 m upstream, two lodges.');
      await form.getByRole('button', { name: 'Save on this phone' }).click();
      await expect.poll(() => status().textContent()).toContain('1 record waits to be sent.');

      // Meanwhile the lands officer corrects the same record on the server.
      const [row] = await fieldDataByLabel([RECORDS[1]!.title]);
      const items = app.server.app.services.items;
      const officerId = (
        await query<{ id: string }>(
          items.db,
          sql`select id from items where type = 'User' and data->>'email' = ${OFFICER}`,
        )
      )[0]!.id;
      const officer = (await loadPrincipal(items.db, officerId))!;
      const current = (await items.read(officer, row!.id)) as unknown as {
        $version: number;
        formInstance: { formData: Record<string, unknown> };
      };
      await items.update(officer, {
        $id: row!.id,
        $version: current.$version,
        formInstance: {
          formData: {
            ...current.formInstance.formData,
            observation: 'Old dam, breached: checked by the officer.',
          },
        },
      });

      await context.setOffline(false);
      await expect
        .poll(() => status().textContent(), { timeout: 90_000 })
        .toContain('1 record was changed by someone else meanwhile.');
      await status().getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog', { name: /Changed by someone else/ });
      await dialog.getByRole('cell', { name: 'Beaver dam 50 m upstream, two lodges.' }).waitFor();
      await dialog.getByRole('cell', { name: 'Old dam, breached: checked by the officer.' }).waitFor();
      // The server's record was not overwritten.
      const [still] = await fieldDataByLabel([RECORDS[1]!.title]);
      expect((still!.data.formInstance as { formData: { observation: string } }).formData.observation).toBe(
        'Old dam, breached: checked by the officer.',
      );
      await page.waitForTimeout(300);
      await shot('conflict-light');
      await axeCheck(page, 'geokeeper conflict');
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await expect
        .poll(() => status().textContent(), { timeout: 60_000 })
        .toContain('Everything collected on this phone has been sent.');
      const [after] = await fieldDataByLabel([RECORDS[1]!.title]);
      expect((after!.data.formInstance as { formData: { observation: string } }).formData.observation).toBe(
        'Beaver dam 50 m upstream, two lodges.',
      );
    },
    T,
  );
});

describe('looks', () => {
  it(
    'in dark mode, high contrast, and on a phone',
    async () => {
      await page.goto(`${app.server.url}/geokeeper.collect`);
      await screen().getByRole('list', { name: 'On this phone' }).waitFor({ timeout: 20_000 });
      await setDark(page, true);
      await shot('collect-dark');
      await axeCheck(page, 'geokeeper collect, dark');
      await setDark(page, false);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.server.url}/geokeeper.collect`);
      await screen().getByRole('list', { name: 'On this phone' }).waitFor({ timeout: 20_000 });
      expect(await fitsWidth(page)).toBe(true);
      await shot('collect-phone');
      await screen().getByRole('switch', { name: 'High contrast' }).check();
      await shot('collect-phone-contrast');
      await axeCheck(page, 'geokeeper collect, high contrast');
      await screen().getByRole('button', { name: 'New record' }).click();
      await screen()
        .getByRole('form')
        .getByLabel(/What did you see\?/)
        .waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await shot('collect-phone-record');
    },
    T,
  );
});
