import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { connectAs, type WsClient } from '../test/helpers/ws-client';
import {
  cellAt,
  clickSteady,
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
import { openSendResponse } from './helpers/send-response';
import { axeCheck } from './helpers/axe';

// A community's response worked by the lands officer (issue 14, "Done when" 5), on the merged
// app (consult types and acts, the workflow engine and its panel): the officer opens a response
// of the demo, adds a section and a concern in place, records the outcome through the
// RWF_OUTCOME step's panel and completes the step, uploads the letter, is told a response needs
// its letter, and sends it. The proponent then reads the response thread and its letter, and
// still not the response.
//
// The response comes the way a real one does: the proponent's draft is submitted to Riverbend
// and distributed by the officer, so it runs Riverbend's default response workflow of the demo.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const LETTER = 'riverbend-response-letter.pdf';

let app: E2EApp;
let context: BrowserContext;
let page: Page;
let officerWs: WsClient;
let proponentWs: WsClient;
let tmp: string;
let responseId = '';
let consultationId = '';
let outcomeStep = '';

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

const steps = async () =>
  ((await stored(app, responseId))._wf as { steps: { id: string; kind: string; state: string }[] }).steps;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-response-'));
  // A small PDF is enough: the server stores bytes, it does not read the letter.
  writeFileSync(path.join(tmp, LETTER), '%PDF-1.4\n% Riverbend response letter\n%%EOF\n');
  app = await startApp();
  officerWs = (await connectAs(app.server, OFFICER, DEMO_PASSWORD)).client;
  proponentWs = (await connectAs(app.server, PROPONENT, DEMO_PASSWORD)).client;
  const riverbend = await demoId((d) => d.displayName === 'Riverbend First Nation', 'Organization');
  const pipeline = await demoId((d) => d.displayName === 'Northern Pipeline Corp.', 'Organization');
  const draft = await call(proponentWs, 'create/Consultation', {
    projectName: 'Gravel pit expansion at Mile 42',
    primaryOrg: pipeline,
    submittedTo: riverbend,
    requestedResponseDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
  });
  const consultation = draft.$id as string;
  consultationId = consultation;
  await call(proponentWs, 'act/cnsSubmit', { consultation });
  const distributed = await call(officerWs, 'act/cnsDistribute', { consultation, communities: [riverbend] });
  responseId = (distributed.responses as string[])[0]!;
  const outcome = (await steps()).find((s) => s.kind === 'RWF_OUTCOME');
  if (!outcome) throw new Error("Riverbend's default response workflow of the demo has no RWF_OUTCOME step");
  outcomeStep = outcome.id;
  // The steps before it are other tests' matter: the officer (an editor) brings it forward.
  await call(officerWs, 'act/wfForceStepState', { item: responseId, step: outcomeStep, state: 'ACTIVE' });

  context = await newContext(app);
  page = await context.newPage();
  await signIn(page, app.server.url, OFFICER);
}, 120_000);

screenshotOnFailure(() => [page]);

afterAll(async () => {
  await officerWs?.close();
  await proponentWs?.close();
  await context?.close();
  await app?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const record = () => cellAt(page, 0);

describe('a community response, worked by the lands officer', () => {
  it('shows its summary: consultation, proponent, state and the days left', async () => {
    await page.goto(`${app.server.url}/i-${responseId}`);
    const summary = record().getByTestId('section-response-summary');
    await summary.getByRole('link', { name: 'Gravel pit expansion at Mile 42' }).waitFor();
    await summary.getByText('Northern Pipeline Corp.').waitFor();
    expect(await summary.getByTestId('response-state').textContent()).toBe('Pending');
    expect(await summary.getByTestId('response-due').textContent()).toMatch(/^\((19|20) days left\)$/);
  });

  it('adds a section and a concern in place', async () => {
    const sections = record().getByTestId('parts-ConsultResponseSection');
    await clickSteady(sections.getByRole('button', { name: 'Add a section' }));
    // Saved without a heading: refused here, nothing sent.
    await sections.getByRole('button', { name: 'Save' }).click();
    await sections.getByText('Enter a heading.').waitFor();
    await field(sections, 'Heading').fill('Water quality');
    await field(sections, 'Text').fill('The pit drains into Riverbend Creek above the fish camp.');
    await sections.getByRole('button', { name: 'Save' }).click();
    await sections.getByRole('link', { name: 'Open Water quality' }).waitFor();

    const concerns = record().getByTestId('parts-ConsultResponseConcern');
    await concerns.getByRole('button', { name: 'Add a concern' }).click();
    await field(concerns, 'Subject').fill('Dust on the trapline');
    await field(concerns, 'Details').fill('Haul trucks pass the Thomas family trapline daily.');
    await concerns.getByRole('button', { name: 'Save' }).click();
    await concerns.getByRole('link', { name: 'Open Dust on the trapline' }).waitFor();

    // Edited in place: the ordinary update of the section.
    await sections.getByRole('button', { name: 'Edit Water quality' }).click();
    await field(sections, 'Heading').fill('Water quality and fish');
    await sections.getByRole('button', { name: 'Save' }).click();
    await sections.getByRole('link', { name: 'Open Water quality and fish' }).waitFor();
    // And again: the second edit sends the version the first one made.
    await sections.getByRole('button', { name: 'Edit Water quality and fish' }).click();
    await field(sections, 'Text').fill(
      'The pit drains into Riverbend Creek above the fish camp and the spawning beds.',
    );
    await sections.getByRole('button', { name: 'Save' }).click();
    await sections.getByText(/and the spawning beds\.$/).waitFor();

    const found = await call(officerWs, 'search/ids', {
      must: { _t: ['ConsultResponseSection', 'ConsultResponseConcern'], response: [responseId] },
    });
    expect((found.ids as string[]).length).toBe(2);
  });

  it('records the outcome through the outcome step, then completes the step', async () => {
    const panel = record().getByTestId('step-panel-RWF_OUTCOME');
    await panel.waitFor();
    const complete = panel.getByRole('button', { name: 'Complete step' });
    // No outcome yet: the server's check refuses, and says why.
    await complete.click();
    await panel.getByText('Save an outcome on the response before completing this step.').waitFor();
    await panel.getByRole('combobox', { name: 'Outcome' }).click();
    // The first of Riverbend's RWF_OUTCOMES (after "None").
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await panel.getByRole('button', { name: 'Save outcome' }).click();
    await expect.poll(async () => typeof (await stored(app, responseId)).outcome).toBe('string');
    await record().getByTestId('response-outcome').filter({ hasNotText: 'Not set' }).waitFor();
    // The officer's own change: the record takes it as such (no "someone else changed" notice).
    expect(await page.getByText('Someone else changed this item').count()).toBe(0);
    await complete.click();
    await expect.poll(async () => (await steps()).find((s) => s.id === outcomeStep)?.state).toBe('COMPLETE');
    expect(await record().getByTestId('response-outcome').textContent()).not.toBe('Not set');
  });

  it('sends the response with its letter, which is required', async () => {
    const dialog = await openSendResponse(record(), path.join(tmp, LETTER), {
      subject: 'Riverbend response: Gravel pit expansion',
      message: 'Please find our response attached.',
    });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog
      .getByText('Choose at least one file: a response or a contract is sent with its letter.')
      .waitFor();
    await dialog.getByRole('checkbox', { name: LETTER }).check();
    await axeCheck(page, 'consult-response-send');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await stored(app, responseId)).state).toBe('RESPONDED');
    await expect.poll(async () => record().getByTestId('response-state').textContent()).toBe('Responded');

    // The proponent reads the thread and its letter (a copy), never the response itself.
    const threads = await call(proponentWs, 'search/ids', {
      must: { _t: ['Thread'], context: [consultationId], purpose: ['CONSULT_RESPONSE'] },
    });
    expect((threads.ids as string[]).length).toBe(1);
    const letters = await call(proponentWs, 'search/ids', {
      must: { _t: ['Attachment'], originalName: [LETTER] },
    });
    expect((letters.ids as string[]).length).toBe(1);
    const refused = (await proponentWs.request(`readAllowed/${responseId}`)).b as Body;
    expect(refused.erred).toBe(true);
  });

  it('looks right in light, dark and on a phone', async () => {
    await page.goto(`${app.server.url}/i-${responseId}`);
    await record().getByTestId('section-response-summary').waitFor();
    await shots('consult-response');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.server.url}/i-${responseId}`);
    await record().getByTestId('section-response-summary').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await axeCheck(page, 'consult-response-phone');
  });
});

/** A light and a dark screenshot, each checked by axe-core (no serious or critical finding). */
async function shots(name: string) {
  await setDark(page, false);
  await axeCheck(page, `${name}-light`);
  await setDark(page, true);
  await axeCheck(page, `${name}-dark`);
  await setDark(page, false);
}
