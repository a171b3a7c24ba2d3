import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { tusUpload } from '../test/helpers/tus';
import { axeCheck } from './helpers/axe';
import {
  cell,
  cellAt,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// Collections in a real browser (docs/collections.md): the lands officer curates an exhibition,
// with a featured image, members found by a search and one added by hand and taken out again;
// a community member opens the same exhibition and sees only the members they may read.

let app: E2EApp;
let officerCtx: BrowserContext;
let memberCtx: BrowserContext;
let page: Page;
let memberPage: Page;
let exhibition: string;

// An invented word, so the exhibition's search finds these two and nothing of the demo's.
const WORD = 'paddlehome';
const OPEN = 'Paddlehome 1998: canoe journey photographs';
const STAFF_ONLY = 'Paddlehome landing: burial survey';

async function idOf(sqlText: ReturnType<typeof sql>): Promise<string> {
  const [r] = await query<{ id: string }>(app.server.app.services.items.db, sqlText);
  return r!.id;
}

beforeAll(async () => {
  app = await startApp();
  const { items } = app.server.app.services;
  const officerId = await idOf(
    sql`select user_id as id from credentials where email = 'lands.officer@riverbend.example'`,
  );
  const riverbend = await idOf(
    sql`select id from items where type = 'Organization' and data->>'displayName' = 'Riverbend First Nation'`,
  );
  const as = { owner: riverbend, actor: officerId };
  await items.create(SYSTEM, 'Thread', { subject: OPEN }, { ...as, access: 'COMMUNITY' });
  await items.create(SYSTEM, 'Thread', { subject: STAFF_ONLY }, { ...as, access: 'PROTECTED' });
  exhibition = (
    await items.create(
      SYSTEM,
      'Collection',
      {
        title: 'Canoe journeys',
        subtitle: 'Thirty years of paddling home',
        collectionType: 'EXHIBITION',
        description: 'Photographs, stories and surveys of the canoe journeys to the old village.',
      },
      { ...as, access: 'COMMUNITY' },
    )
  ).$id;
  officerCtx = await newContext(app);
  page = await officerCtx.newPage();
  await signIn(page, app.server.url, 'lands.officer@riverbend.example');
  // The featured image, uploaded into the collection's featureImage as the record's uploader does.
  const token = (await page.evaluate(() => localStorage.getItem('Access-Token')))!;
  const png = await sharp({
    create: { width: 1200, height: 500, channels: 3, background: { r: 40, g: 90, b: 120 } },
  })
    .png()
    .toBuffer();
  await tusUpload(app.server.url, token, png, {
    rel: exhibition,
    relProp: 'featureImage',
    filename: 'canoes.png',
  });
  memberCtx = await newContext(app);
  memberPage = await memberCtx.newPage();
  await signIn(memberPage, app.server.url, 'member@riverbend.example');
});

screenshotOnFailure(() => [page, memberPage]);

afterAll(async () => {
  await officerCtx?.close();
  await memberCtx?.close();
  await app?.close();
});

const members = (p: Page) => cellAt(p, 0).getByRole('list', { name: 'In this collection' });

describe('an exhibition', () => {
  it('is listed in admin.collections with the demo’s fonds and exhibition', async () => {
    await page.goto(`${app.server.url}/admin.collections`);
    const list = cell(page, 'Collections');
    await list.getByText('Voices of the River').waitFor();
    await list.getByText('Treaty and land records').waitFor();
    await list.getByText('Canoe journeys').waitFor();
  });

  it('finds its members by a search, as the officer may read them', async () => {
    await page.goto(`${app.server.url}/i-${exhibition}`);
    const c = cellAt(page, 0);
    const hero = c.getByRole('img', { name: 'Featured image of Canoe journeys' });
    await expect.poll(() => hero.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await c.getByText('Nothing in this collection yet.', { exact: false }).waitFor();
    await c.getByRole('button', { name: 'Members by search' }).click();
    await page.getByRole('textbox', { name: 'Words the items contain' }).fill(WORD);
    await page.getByRole('button', { name: 'Find members' }).click();
    await members(page).getByText(OPEN).waitFor();
    await members(page).getByText(STAFF_ONLY).waitFor();
    await c.getByText('Also every item its search finds', { exact: false }).waitFor();
  });

  it('takes a member added by hand, and gives it back', async () => {
    const c = cellAt(page, 0);
    await c.getByRole('button', { name: 'Add items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add items to the collection' });
    await dialog.getByRole('textbox', { name: 'Find items by name' }).fill('Voices of');
    await dialog.getByRole('checkbox', { name: /Voices of the River/ }).click();
    await dialog.getByRole('button', { name: 'Add 1 item' }).click();
    await members(page).getByText('Voices of the River').waitFor();
    await expect
      .poll(async () => (await app.server.app.services.items.readRow(exhibition))!.data.rel)
      .toHaveLength(1);
    await shot(page, 'collections-exhibition-light');
    await axeCheck(page, 'collections exhibition (light)');
    await setDark(page, true);
    await shot(page, 'collections-exhibition-dark');
    await axeCheck(page, 'collections exhibition (dark)');
    await setDark(page, false);
    await c.getByRole('button', { name: 'Take Voices of the River out of the collection' }).click();
    await expect.poll(() => members(page).getByText('Voices of the River').count()).toBe(0);
    await members(page).getByText(STAFF_ONLY).waitFor();
  });

  it('shows a community member only what they may read', async () => {
    await memberPage.goto(`${app.server.url}/i-${exhibition}`);
    const c = cellAt(memberPage, 0);
    await members(memberPage).getByText(OPEN).waitFor();
    await c.getByText('1 item', { exact: true }).waitFor();
    expect(await members(memberPage).getByText(STAFF_ONLY).count()).toBe(0);
    expect(await memberPage.content()).not.toContain(STAFF_ONLY);
    // A member may read the exhibition but not change it.
    expect(await c.getByRole('button', { name: 'Add items' }).count()).toBe(0);
    await shot(memberPage, 'collections-exhibition-member');
  });

  it('fits a phone', async () => {
    await memberPage.setViewportSize({ width: 390, height: 844 });
    await memberPage.goto(`${app.server.url}/i-${exhibition}`);
    await members(memberPage).getByText(OPEN).waitFor();
    await shot(memberPage, 'collections-exhibition-phone');
    await axeCheck(memberPage, 'collections exhibition (phone)');
  });
});
