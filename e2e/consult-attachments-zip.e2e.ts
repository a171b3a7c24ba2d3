import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tusUpload } from '../test/helpers/tus';
import { zipEntries } from '../test/helpers/zip';
import { SYSTEM } from '../src/server/access/principal';
import {
  cell,
  downloadFromHelpMenu,
  newContext,
  screenshotOnFailure,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// consult.attachments' zip in a real browser: a lands officer downloads consult-attachments.zip
// of the consultation files listed, and gets exactly the files of the consultations they may
// read, with their bytes; a file on a proponent's own draft is neither listed nor zipped.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const MAP_CSV = 'crossing-survey.csv';
const SECRET = 'compressor-costs.txt';

let app: E2EApp;
let dataDir: string;
const contexts: BrowserContext[] = [];
let officer: Page;

async function person(email: string): Promise<{ page: Page; token: string }> {
  const c = await newContext(app, { acceptDownloads: true });
  contexts.push(c);
  const page = await c.newPage();
  await signIn(page, app.server.url, email);
  return { page, token: (await page.evaluate(() => localStorage.getItem('Access-Token')))! };
}

async function consultation(projectName: string): Promise<string> {
  const { items, search } = app.server.app.services;
  const res = await search.search(SYSTEM, { must: { _t: ['Consultation'] }, max: 500 });
  for (const id of res.ids) if ((await items.read(SYSTEM, id)).projectName === projectName) return id;
  throw new Error(`no consultation ${projectName} in the demo`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-consult-zip-'));
  app = await startApp({ dataDir, filesDir: path.join(dataDir, 'files') });
  const o = await person(OFFICER);
  officer = o.page;
  const crossing = await consultation('Riverbend crossing replacement');
  await tusUpload(app.server.url, o.token, Buffer.from('station,depth\nA,2.4\n'), {
    rel: crossing,
    filename: MAP_CSV,
  });
  // The proponent's draft is theirs alone until submitted: its file too.
  const p = await person(PROPONENT);
  const draft = await consultation('Cedar Creek compressor station');
  await tusUpload(app.server.url, p.token, Buffer.from('confidential estimate'), {
    rel: draft,
    filename: SECRET,
  });
});

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('consult.attachments zip', () => {
  it('downloads consult-attachments.zip with the files the officer may read, and no other', async () => {
    await officer.goto(`${app.server.url}/consult.attachments`);
    const list = cell(officer, 'Consultation files');
    await list.getByText(MAP_CSV).first().waitFor();
    expect(await list.getByText(SECRET).count()).toBe(0);
    await list.getByRole('button', { name: 'Export attachments (zip)' }).click();
    // Queuing the task is a pg-boss round trip: slow on a loaded machine.
    await officer.getByText(/^The zip has started\. Follow it in the Help menu/).waitFor({ timeout: 30_000 });
    const file = await downloadFromHelpMenu(officer, /^Download /, 'consult-attachments-zip-done');
    expect(file.suggestedFilename()).toBe('consult-attachments.zip');
    const entries = await zipEntries(readFileSync((await file.path())!));
    const names = [...entries.keys()];
    const csv = names.filter((n) => n.endsWith(`/${MAP_CSV}`));
    expect(csv).toHaveLength(1);
    expect(entries.get(csv[0]!)!.toString()).toBe('station,depth\nA,2.4\n');
    // No trace of the proponent's draft: not its name, not its bytes.
    expect(names.some((n) => n.includes(SECRET))).toBe(false);
    for (const bytes of entries.values()) expect(bytes.toString()).not.toContain('confidential estimate');
  });
});
