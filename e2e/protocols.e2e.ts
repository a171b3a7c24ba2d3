import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { tusUpload } from '../test/helpers/tus';
import { zipEntries } from '../test/helpers/zip';
import { axeCheck } from './helpers/axe';
import {
  alertText,
  cellAt,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// Cultural protocols in a real browser (docs/access-model.md "Cultural protocols"): the lands
// officer, one of Riverbend's Elders, restricts a community thread holding a photograph to the
// Elders; a community member who is not an Elder then finds it nowhere: not by its words in
// search, not in the counts, not by its address, not in a zip of the thread's files, and not by
// the photograph's own URL.

const SUBJECT = 'Names of the old village at the forks';
let app: E2EApp;
let officerCtx: BrowserContext;
let memberCtx: BrowserContext;
let page: Page;
let memberPage: Page;
let thread: string;
let elders: string;
let photo: { attachmentId: string; uppyId: string };

/** A 1×1 PNG: a real image, so the photograph's URL serves it (and its variants) when allowed. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  app = await startApp();
  const { items } = app.server.app.services;
  const officerId = await userId(app, 'lands.officer@riverbend.example');
  const riverbend = await orgId(app, 'Riverbend First Nation');
  // The demo's Elders (the archive module's demo makes them; the officer is one), or our own.
  elders =
    (await protocolId(app, riverbend, 'Elders')) ??
    (
      await items.create(
        SYSTEM,
        'Protocol',
        { name: 'Elders', description: 'Knowledge held by the Elders’ council', members: [officerId] },
        { owner: riverbend, actor: await userId(app, 'lands.admin@riverbend.example') },
      )
    ).$id;
  thread = (
    await items.create(
      SYSTEM,
      'Thread',
      { subject: SUBJECT },
      { owner: riverbend, access: 'COMMUNITY', actor: officerId },
    )
  ).$id;
  officerCtx = await newContext(app);
  page = await officerCtx.newPage();
  await signIn(page, app.server.url, 'lands.officer@riverbend.example');
  const token = (await page.evaluate(() => localStorage.getItem('Access-Token')))!;
  photo = await tusUpload(app.server.url, token, PNG, { rel: thread, filename: 'forks-1952.png' });
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

async function userId(a: E2EApp, email: string): Promise<string> {
  const { query } = await import('../src/server/db/query');
  const { sql } = await import('drizzle-orm');
  const [r] = await query<{ user_id: string }>(
    a.server.app.services.items.db,
    sql`select user_id from credentials where email = ${email}`,
  );
  return r!.user_id;
}

async function protocolId(a: E2EApp, owner: string, name: string): Promise<string | undefined> {
  const { query } = await import('../src/server/db/query');
  const { sql } = await import('drizzle-orm');
  const [r] = await query<{ id: string }>(
    a.server.app.services.items.db,
    sql`select id from items where type = 'Protocol' and not deleted and owner = ${owner} and data->>'name' = ${name}`,
  );
  return r?.id;
}

async function orgId(a: E2EApp, name: string): Promise<string> {
  const { query } = await import('../src/server/db/query');
  const { sql } = await import('drizzle-orm');
  const [r] = await query<{ id: string }>(
    a.server.app.services.items.db,
    sql`select id from items where type = 'Organization' and data->>'displayName' = ${name}`,
  );
  return r!.id;
}

/** What a page's session gets from the server for a path, with its own token. */
async function fetchAs(p: Page, path: string): Promise<number> {
  return p.evaluate(async (url) => {
    const token = localStorage.getItem('Access-Token') ?? '';
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }, path);
}

/** A search for the words as the page's session (the HTTP fallback of the same operation). */
async function searchAs(p: Page, words: string): Promise<{ ids?: string[]; total?: number }> {
  return p.evaluate(async (w) => {
    const token = localStorage.getItem('Access-Token') ?? '';
    const res = await fetch('/api/item', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ o: 'search/ids', b: { must: { $text: [w] }, facets: ['_t'], labels: true } }),
    });
    return ((await res.json()) as { data: { ids?: string[]; total?: number } }).data;
  }, words);
}

/**
 * The zip of the thread's attachments (act exportZip, archive-attachments.zip) as the page's
 * session, by the HTTP fallback: started, followed by its Task to the end, downloaded with the
 * session's token. The names of the files in it.
 */
async function zipAs(p: Page, rel: string): Promise<string[]> {
  const b64 = await p.evaluate(async (id) => {
    const token = localStorage.getItem('Access-Token') ?? '';
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const call = async (o: string, b?: unknown) =>
      (
        (await (
          await fetch('/api/item', { method: 'POST', headers, body: JSON.stringify({ o, b }) })
        ).json()) as {
          data: Record<string, unknown>;
        }
      ).data;
    const started = await call('act/exportZip/async', {
      query: { must: { _t: ['Attachment'], rel: [id] } },
      name: 'archive-attachments.zip',
    });
    // Refused at the start when nothing is theirs to download (never an empty zip).
    if (started.erred) return `none:${String(started.userMessage)}`;
    for (let i = 0; i < 300; i++) {
      const t = await call(`read/${String(started.$id)}`);
      if (t.errorKey) return `error:${String(t.errorKey)}`;
      if (Number(t.percentageComplete) >= 100 && t.resultURI) {
        const res = await fetch(String(t.resultURI), { headers: { authorization: `Bearer ${token}` } });
        const bytes = new Uint8Array(await res.arrayBuffer());
        let bin = '';
        for (const x of bytes) bin += String.fromCharCode(x);
        return btoa(bin);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return 'error:timeout';
  }, rel);
  if (b64.startsWith('error:')) throw new Error(`zip as ${p.url()}: ${b64}`);
  if (b64 === 'none:notFound') return [];
  return [...(await zipEntries(Buffer.from(b64, 'base64'))).keys()];
}

describe('an item restricted to the Elders', () => {
  it('before: a member sees the community thread and its photograph', async () => {
    expect(await fetchAs(memberPage, `/attachment/${photo.attachmentId}`)).toBe(200);
    expect((await zipAs(memberPage, thread)).some((n) => n.endsWith('forks-1952.png'))).toBe(true);
  });

  it('is restricted by an Elder from the record’s edit form, and says so', async () => {
    await page.goto(`${app.server.url}/i-${thread}`);
    const c = cellAt(page, 0);
    await c.getByRole('button', { name: 'Edit', exact: true }).click();
    await c.getByRole('combobox', { name: 'Protocols' }).click();
    await page.getByRole('option', { name: 'Elders' }).click();
    await page.keyboard.press('Escape');
    await c.getByRole('button', { name: 'Save' }).click();
    await alertText(page, 'Saved.').waitFor();
    await c.getByText('Only: Elders').waitFor();
    const row = (await app.server.app.services.items.readRow(thread))!;
    expect(row.protocols).toEqual([elders]);
    await shot(page, 'protocols-record-light');
    await axeCheck(page, 'protocols record (light)');
    await setDark(page, true);
    await shot(page, 'protocols-record-dark');
    await axeCheck(page, 'protocols record (dark)');
    await setDark(page, false);
  });

  it('is found nowhere by a member who is not an Elder: search, counts, its address, its photograph', async () => {
    await expect
      .poll(() => fetchAs(memberPage, `/attachment/${photo.attachmentId}`), { timeout: 10_000 })
      .toBe(404);
    expect(await fetchAs(memberPage, `/attachment/${photo.attachmentId}?variant=thumbnail`)).toBe(404);
    expect(await fetchAs(memberPage, `/item-id-image/${thread}`)).toBe(404);
    // The zip of the thread's files, asked by the member: the photograph is not in it.
    expect((await zipAs(memberPage, thread)).filter((n) => n.includes('forks-1952'))).toEqual([]);
    const found = await searchAs(memberPage, SUBJECT);
    expect(found.ids).toBeDefined();
    expect(found.ids).not.toContain(thread);
    expect(JSON.stringify(found)).not.toContain(thread);
    await memberPage.goto(`${app.server.url}/i-${thread}`);
    await cellAt(memberPage, 0)
      .getByText(/do not have access|does not exist/)
      .waitFor();
    expect(await memberPage.content()).not.toContain(SUBJECT);
    await shot(memberPage, 'protocols-member-refused');
  });

  it('stays the Elder’s: search finds it, the photograph is served', async () => {
    expect(await fetchAs(page, `/attachment/${photo.attachmentId}`)).toBe(200);
    expect((await searchAs(page, SUBJECT)).ids).toContain(thread);
    // The same zip, asked by the Elder, holds it: the member's was empty of it for its protocol.
    expect((await zipAs(page, thread)).some((n) => n.endsWith('forks-1952.png'))).toBe(true);
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/i-${thread}`);
    await cellAt(page, 0).getByText('Only: Elders').waitFor();
    await shot(page, 'protocols-record-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
