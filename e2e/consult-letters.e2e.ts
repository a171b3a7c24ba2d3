import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLetterheadPng } from '../src/modules/consult/server/letters/demo-template';
import { SYSTEM } from '../src/server/access/principal';
import { connectAs, type WsClient } from '../test/helpers/ws-client';
import {
  cellAt,
  DEMO_PASSWORD,
  field,
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
// Issue 37: the officer first edits the template in the app (letterhead, address, signatory, a
// field put in with the picker, the live preview); the send is previewed as the PDF itself and
// confirmed with its recipients listed; the sent PDF is then found among the consultation's files.

const OFFICER = 'lands.officer@riverbend.example';
const MANAGER = 'lands.admin@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PROJECT = 'Sḵwx̱wú7mesh crossing at ł ǧ xʷ';
const SYLLABICS = 'ᓀᐦᐃᔭᐍᐏᐣ';
const SHOTS = '/tmp/shots/a37-letters';
const FILE_NO = 'NP-2026-077';
const SIGNATORY = 'Mary L. Thunderbird';

let app: E2EApp;
let officerCtx: BrowserContext;
let managerCtx: BrowserContext;
let page: Page;
let manager: Page;
let officerWs: WsClient;
let responseId = '';
let consultationId = '';
let templateId = '';

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
    identifiers: [FILE_NO],
  });
  consultationId = String(draft.$id);
  templateId = await demoId((d) => d.title === 'Response to a referral', 'LetterTemplate');
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

async function shots(p: Page, name: string, fullPage = true) {
  await setDark(p, false);
  await axeCheck(p, `${name}-light`);
  await p.screenshot({ path: `${SHOTS}/${name}-light.png`, fullPage });
  await setDark(p, true);
  await axeCheck(p, `${name}-dark`);
  await p.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage });
  await setDark(p, false);
}

/**
 * A dialog's pictures, light and dark, and on a phone: the theme is set from the user menu, which
 * a modal dialog hides, so the dialog is opened for each picture and closed after.
 */
async function dialogShots(p: Page, name: string, open: () => Promise<Locator>, closeName: string) {
  for (const dark of [false, true]) {
    await setDark(p, dark);
    const dialog = await open();
    // The browser's PDF viewer draws the pages a moment after it loads.
    await p.waitForTimeout(1500);
    await axeCheck(p, `${name}-${dark ? 'dark' : 'light'}`);
    await p.screenshot({ path: `${SHOTS}/${name}-${dark ? 'dark' : 'light'}.png` });
    if (dark) {
      await p.setViewportSize({ width: 390, height: 844 });
      await p.waitForTimeout(300);
      expect(await fitsWidth(p)).toBe(true);
      await p.screenshot({ path: `${SHOTS}/${name}-phone.png` });
      await p.setViewportSize({ width: 1440, height: 900 });
    }
    await dialog.getByRole('button', { name: closeName }).dispatchEvent('click');
    await dialog.waitFor({ state: 'hidden' });
  }
  await setDark(p, false);
}

/** A phone's width for a moment: nothing wider than the screen, and its picture. */
async function phoneShot(p: Page, name: string) {
  await p.setViewportSize({ width: 390, height: 844 });
  await p.waitForTimeout(300);
  expect(await fitsWidth(p)).toBe(true);
  await p.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await p.setViewportSize({ width: 1440, height: 900 });
}

describe('a response letter', () => {
  it('has its template edited in the app: letterhead, address, signatory, a field, the live preview', async () => {
    await page.goto(`${app.server.url}/i-${templateId}`);
    const cell0 = record(page);
    await cell0.getByRole('button', { name: 'Edit', exact: true }).click();
    // The letterhead: an image uploaded into its field (set on the server when the upload ends).
    await cell0.locator('[data-file-field=letterhead] input[type=file]').setInputFiles({
      name: 'letterhead.png',
      mimeType: 'image/png',
      buffer: await demoLetterheadPng(),
    });
    await expect
      .poll(async () => String((await stored(app, templateId)).letterhead ?? ''), { timeout: 20_000 })
      .not.toBe('');
    await field(cell0, 'Signatory’s name').fill(SIGNATORY);
    await field(cell0, 'Signatory’s title').fill('Lands Manager');
    await field(cell0, 'Organisation’s address (one line each)').fill(
      'Riverbend First Nation\nLands and Resources Department\n100 River Road, Riverbend',
    );
    // The picker puts a field at the caret; the live preview shows it filled with a sample.
    const body = cell0.getByRole('textbox', { name: /^Markdown with fields/ });
    const preview = cell0.getByRole('region', { name: 'Live preview' });
    await body.click();
    await body.press('ControlOrMeta+End');
    await body.press('Enter');
    await body.press('Enter');
    await body.pressSequentially('Our reference: ');
    await cell0.getByRole('button', { name: 'Insert a field' }).click();
    await page.getByRole('menuitem', { name: 'File number' }).click();
    expect(await body.inputValue()).toMatch(/Our reference: \{\{consultation\.fileNumber\}\}$/);
    await preview.getByText('Our reference: CR-2026-031').waitFor();
    await preview.getByText('Dear Lucy Moosehide,').waitFor();
    await preview.getByText(SIGNATORY).waitFor();
    await preview.getByText('100 River Road, Riverbend').waitFor();
    await preview.getByRole('img', { name: 'Letterhead' }).waitFor();
    await preview.scrollIntoViewIfNeeded();
    await shots(page, 'template-editor', false);
    await phoneShot(page, 'template-editor');
    await cell0.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored(app, templateId)).signatoryName).toBe(SIGNATORY);
  });

  it('is drafted from the template and edited by the officer', async () => {
    await page.goto(`${app.server.url}/i-${responseId}`);
    const panel = record(page).getByTestId('step-panel-RWF_LETTER_PROPOSE');
    await panel.getByText('No letter has been drafted for this response yet.').waitFor();
    await panel.getByRole('button', { name: 'Draft the letter' }).click();
    // The concerns have no value yet: the gap is named, and blocks the step. (The file number is
    // the letter's frame, printed with the letterhead; the outcome comes after the letter.)
    await panel.getByText(/No value was found for: .*response\.concerns/).waitFor();
    const body = panel.getByTestId('letter-body');
    expect(await body.inputValue()).toContain(`**Re: ${PROJECT}**`);
    await panel.getByRole('button', { name: 'Complete step' }).click();
    await panel.getByText(/Replace the placeholders still in the letter: .*response\.concerns/).waitFor();
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
    // The approver previews the PDF the send would make.
    await dialogShots(
      manager,
      'letter-preview',
      async () => {
        // Clicked as an event: Playwright's click waits on the PDF viewer's frame it opens.
        await panel.getByRole('button', { name: 'Preview the PDF' }).dispatchEvent('click');
        const dialog = manager.getByRole('dialog', { name: 'The letter as it will be sent' });
        await dialog.locator('object[type="application/pdf"]').waitFor({ timeout: 30_000 });
        return dialog;
      },
      'Close',
    );
    await panel.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(async () => (await letterOf())?.state).toBe('APPROVED');
  });

  it('is sent as the response, and its PDF downloads with the name intact', async () => {
    const panel = record(page).getByTestId('step-panel-RWF_LETTER_SEND');
    // The confirmation: the PDF itself, and who it goes to, before anything is sent.
    const dialog = page.getByRole('dialog', { name: 'Send this letter?' });
    const openConfirm = async () => {
      await panel.getByRole('button', { name: 'Preview and send…' }).dispatchEvent('click');
      await dialog.getByRole('list', { name: 'It goes to' }).getByText('Northern Pipeline Corp.').waitFor({
        timeout: 30_000,
      });
      await dialog.locator('object[type="application/pdf"]').waitFor();
      return dialog;
    };
    await dialogShots(page, 'letter-confirm', openConfirm, 'Not yet');
    // "Not yet" sent nothing.
    expect((await stored(app, responseId)).state).not.toBe('RESPONDED');
    await openConfirm();
    await dialog.getByRole('button', { name: 'Send the letter' }).dispatchEvent('click');
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
    // The letterhead's frame: the file number and the signatory (issue 37).
    expect(text).toContain(`File no. ${FILE_NO}`);
    expect(text).toContain(SIGNATORY);
    expect(text).toContain('100 River Road, Riverbend');
    expect(text).toContain(`Our reference: ${FILE_NO}`);
    await panel.scrollIntoViewIfNeeded();
    await shots(page, 'letter-sent');
    await panel.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await letterOf())?.state).toBe('SENT');
  });

  it("is found among the consultation's files", async () => {
    await page.goto(`${app.server.url}/i-${consultationId}`);
    const sent = record(page).getByTestId('sent-letters');
    await sent.getByText(/\.pdf$/).waitFor({ timeout: 20_000 });
    await sent.getByText(/\.docx$/).waitFor();
    await sent.scrollIntoViewIfNeeded();
    await shots(page, 'consultation-sent-letters', false);
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
