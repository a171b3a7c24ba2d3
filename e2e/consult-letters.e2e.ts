import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { connectAs, type WsClient } from '../test/helpers/ws-client';
import {
  cellAt,
  DEMO_PASSWORD,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// A response letter in the browser (issue 16 "Done when": a letter proposed, approved and sent as
// a PDF that opens, with an Indigenous name rendered correctly). The lands officer drafts it from
// the demo's template, edits it, and hands it on; the lands manager, the chosen approver, approves
// it; the officer sends it and downloads the PDF, whose text holds the name exactly, syllabics too.

const OFFICER = 'lands.officer@riverbend.example';
const MANAGER = 'lands.admin@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PROJECT = 'Sḵwx̱wú7mesh crossing at ł ǧ xʷ';
const SYLLABICS = 'ᓀᐦᐃᔭᐍᐏᐣ';
const SHOTS = '/tmp/shots-letters';

let app: E2EApp;
let officerCtx: BrowserContext;
let managerCtx: BrowserContext;
let page: Page;
let manager: Page;
let officerWs: WsClient;
let responseId = '';

type Body = Record<string, unknown> & { erred?: boolean; userMessage?: string };
async function call(ws: WsClient, o: string, b: unknown): Promise<Body> {
  const r = (await ws.request(o, b)).b as Body;
  if (r.erred) throw new Error(`${o}: ${String(r.userMessage)} ${JSON.stringify(r)}`);
  return r;
}

async function demoId(pred: (d: Record<string, unknown>) => boolean, type: string): Promise<string> {
  const { items, search } = app.server.app.services;
  const res = await search.search(SYSTEM, { must: { _t: [type] }, max: 500 });
  for (const id of res.ids) if (pred((await items.read(SYSTEM, id)) as Record<string, unknown>)) return id;
  throw new Error(`no such ${type} in the demo`);
}

const letterOf = async () => {
  const { search, items } = app.server.app.services;
  const r = await search.search(SYSTEM, { must: { _t: ['ResponseLetter'], response: [responseId] } });
  return r.ids[0] ? ((await items.read(SYSTEM, r.ids[0])) as Record<string, unknown>) : null;
};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp();
  officerWs = (await connectAs(app.server, OFFICER, DEMO_PASSWORD)).client;
  const proponentWs = (await connectAs(app.server, PROPONENT, DEMO_PASSWORD)).client;
  const riverbend = await demoId((d) => d.displayName === 'Riverbend First Nation', 'Organization');
  const pipeline = await demoId((d) => d.displayName === 'Northern Pipeline Corp.', 'Organization');
  const workflow = await demoId((d) => d.label === 'Riverbend response letter', 'Workflow');
  const draft = await call(proponentWs, 'create/Consultation', {
    projectName: PROJECT,
    primaryOrg: pipeline,
    submittedTo: riverbend,
  });
  await call(proponentWs, 'act/cnsSubmit', { consultation: draft.$id });
  await proponentWs.close();
  const distributed = await call(officerWs, 'act/cnsDistribute', {
    consultation: draft.$id,
    communities: [riverbend],
  });
  responseId = (distributed.responses as string[])[0]!;
  // The demo's letter workflow instead of the default one ("Set workflow" does the same).
  await call(officerWs, 'act/wfSet', { item: responseId, workflow });

  officerCtx = await newContext(app, { acceptDownloads: true });
  page = await officerCtx.newPage();
  await signIn(page, app.server.url, OFFICER);
  managerCtx = await newContext(app);
  manager = await managerCtx.newPage();
  await signIn(manager, app.server.url, MANAGER);
}, 120_000);

screenshotOnFailure(() => [page, manager]);

afterAll(async () => {
  await officerWs?.close();
  await officerCtx?.close();
  await managerCtx?.close();
  await app?.close();
});

const record = (p: Page) => cellAt(p, 0);

async function shots(p: Page, name: string) {
  await setDark(p, false);
  await axeCheck(p, `${name}-light`);
  await p.screenshot({ path: `${SHOTS}/${name}-light.png`, fullPage: true });
  await setDark(p, true);
  await axeCheck(p, `${name}-dark`);
  await p.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  await setDark(p, false);
}

describe('a response letter', () => {
  it('is drafted from the template and edited by the officer', async () => {
    await page.goto(`${app.server.url}/i-${responseId}`);
    const panel = record(page).getByTestId('step-panel-RWF_LETTER_PROPOSE');
    await panel.getByText('No letter has been drafted for this response yet.').waitFor();
    await panel.getByRole('button', { name: 'Draft the letter' }).click();
    // The outcome and the concerns have no value yet: the gaps are named, and block the step.
    await panel.getByText(/No value was found for: .*response\.outcome/).waitFor();
    const body = panel.getByTestId('letter-body');
    expect(await body.inputValue()).toContain(`**Re: ${PROJECT}**`);
    await panel.getByRole('button', { name: 'Complete step' }).click();
    await panel.getByText(/Replace the placeholders still in the letter: .*response\.outcome/).waitFor();
    await panel.getByTestId('letter-body').scrollIntoViewIfNeeded();
    await shots(page, 'letter-propose');
    // The editor on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByTestId('letter-body').scrollIntoViewIfNeeded();
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/letter-propose-phone.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    const text = (await body.inputValue()).replace(/\{\{[^}]+\}\}/g, 'to be discussed');
    await body.fill(`${text}\n\nIn the language of the river: ${SYLLABICS}.`);
    await panel.getByRole('tab', { name: 'Preview' }).click();
    await panel.getByRole('tabpanel').getByText(`In the language of the river: ${SYLLABICS}.`).waitFor();
    await panel.getByRole('tab', { name: 'Letter' }).click();
    await panel.getByRole('button', { name: 'Save letter' }).click();
    await expect.poll(async () => String((await letterOf())?.body ?? '')).toContain(SYLLABICS);
    await panel.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await letterOf())?.state).toBe('PROPOSED');
  });

  it('is approved by the chosen approver only', async () => {
    // The officer sees who decides, and no approve button.
    const officerPanel = record(page).getByTestId('step-panel-RWF_LETTER_APPROVE');
    await officerPanel.getByText(/the chosen approver, can approve/).waitFor();
    expect(await officerPanel.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);

    await manager.goto(`${app.server.url}/i-${responseId}`);
    const panel = record(manager).getByTestId('step-panel-RWF_LETTER_APPROVE');
    await panel.getByText(`In the language of the river: ${SYLLABICS}.`).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await shots(manager, 'letter-approve');
    await panel.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(async () => (await letterOf())?.state).toBe('APPROVED');
  });

  it('is sent as the response, and its PDF downloads with the name intact', async () => {
    const panel = record(page).getByTestId('step-panel-RWF_LETTER_SEND');
    await panel.getByRole('button', { name: 'Send the letter' }).click();
    // The first letter loads the fonts and both libraries.
    await expect
      .poll(async () => (await stored(app, responseId)).state, { timeout: 30_000 })
      .toBe('RESPONDED');
    const pdfName = /\.pdf$/;
    await panel.getByText(pdfName).first().waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('link', { name: /Download .*\.pdf/ }).click(),
    ]);
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain(PROJECT);
    expect(text).toContain(SYLLABICS);
    await panel.scrollIntoViewIfNeeded();
    await shots(page, 'letter-sent');
    await panel.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await letterOf())?.state).toBe('SENT');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/i-${responseId}`);
    await record(page).getByTestId('section-response-summary').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await record(page)
      .getByTestId('step-panel-RWF_LETTER_SEND')
      .or(record(page).getByText('Workflow: Riverbend response letter'))
      .first()
      .scrollIntoViewIfNeeded();
    await axeCheck(page, 'letter-phone');
    await page.screenshot({ path: `${SHOTS}/letter-phone.png`, fullPage: true });
  });
});
