import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { zipSync } from 'fflate';
import { axeCheck } from './helpers/axe';
import { rawWords } from './helpers/raw-words';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { MailSink } from '../test/helpers/mail-sink';
import {
  cell,
  cellAt,
  field,
  freePort,
  newContext,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { openSendResponse } from './helpers/send-response';

// Issue 14, "Done when": a referral's whole path, in two browsers, with a real SMTP server.
// 1. The proponent submits through the guided form, the area a zipped shapefile her GIS wrote in
//    UTM (its .prj first left out, and the form says so); she is mailed a receipt; the lands
//    officer sees it arrive live.
// 2. The officer marks it incomplete; the proponent answers in the thread and resubmits.
// 3. The officer distributes it; Riverbend's default response workflow starts, its first step
//    assigned to him.
// 4. The due reminder mail arrives.
// 5. Steps complete, the outcome is recorded, the response goes out with its letter.
// 6. The proponent sees RESPONDED and the response thread, and never the response, its steps
//    or the community's internal notes. No screen of hers shows a key or an id (issue 38).
// Every act is a person's click; the server is asked directly only to read what was stored and to
// run the reminder sweep now rather than at the next hour.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PROJECT = 'Caribou Flats gravel haul road';
const LETTER = 'riverbend-letter-caribou-flats.pdf';
const INTERNAL = 'Elders say the haul road crosses the berry grounds';

let app: E2EApp;
let sink: MailSink;
let tmp: string;
let officerCtx: BrowserContext;
let proponentCtx: BrowserContext;
let officer: Page;
let proponent: Page;
let consultationId = '';
let responseId = '';

/**
 * The project area as her GIS would save it: ogr2ogr writes a shapefile in UTM zone 10N (metres),
 * zipped with its .prj (area.zip) and without (area-no-prj.zip, the usual mistake).
 */
function projectedShapefiles(dir: string) {
  const src = path.join(dir, 'area.geojson');
  const [x, y, d] = [-121.62, 56.62, 0.03];
  const ring = [
    [x - d, y - d],
    [x + d, y - d],
    [x + d, y + d],
    [x - d, y + d],
    [x - d, y - d],
  ];
  writeFileSync(
    src,
    JSON.stringify({
      type: 'Feature',
      properties: { name: 'Haul road corridor' },
      geometry: { type: 'Polygon', coordinates: [ring] },
    }),
  );
  const out = path.join(dir, 'shp');
  execFileSync('ogr2ogr', ['-f', 'ESRI Shapefile', '-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:32610', out, src]);
  const parts = Object.fromEntries(
    readdirSync(out).map((f) => [f, new Uint8Array(readFileSync(path.join(out, f)))]),
  );
  writeFileSync(path.join(dir, 'area.zip'), zipSync(parts));
  const { ['area.prj']: _prj, ...noPrj } = parts;
  writeFileSync(path.join(dir, 'area-no-prj.zip'), zipSync(noPrj));
}

let typeNames: string[] = [];
/** What the proponent's page shows that is a key or an id (none, ever). */
const raw = (page: Page) => rawWords(page, typeNames);

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-journey-'));
  writeFileSync(path.join(tmp, LETTER), '%PDF-1.4\n% Riverbend response letter\n%%EOF\n');
  projectedShapefiles(tmp);
  sink = await MailSink.start();
  const port = await freePort();
  app = await startApp({
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    smtpUrl: sink.url,
    notifyMailIntervalMs: 300,
  });
  // The officer chose to be mailed at once (the demo's people take the daily digest).
  const { items, search, registry } = app.server.app.services;
  typeNames = [...registry.types.keys()];
  const cards = await search.search(SYSTEM, { must: { _t: ['Contact'], email: [OFFICER] }, max: 1 });
  const card = (await items.readRow(cards.ids[0]!))!;
  await items.update(SYSTEM, { $id: card.id, $version: card.version, notify: 'IMMEDIATE' });
  // This journey is the referral's path, with a short workflow of its own made Riverbend's
  // default (the officer holds each step); every community's default, from assignment to a sent
  // letter, is worked in consult-referral-journey.e2e.ts.
  const officerId = card.data.user as string;
  const orgs = await search.search(SYSTEM, { must: { _t: ['Organization'], type: ['COMMUNITY'] }, max: 50 });
  const riverbend = [...(await items.readRows(orgs.ids)).values()].find(
    (o) => o.data.displayName === 'Riverbend First Nation',
  )!;
  await items.create(SYSTEM, 'Workflow', {
    owner: riverbend.id,
    label: 'Riverbend quick response',
    appliesTo: 'ConsultResponse',
    isDefault: true,
    steps: [
      {
        id: 'assign',
        kind: 'RWF_ASSIGN',
        label: 'Assign a lands officer',
        rule: 'next',
        assignee: { user: officerId },
        due: { days: 2, from: 'start' },
      },
      { id: 'research', kind: 'RWF_RESEARCH', label: 'Check traditional-use records', rule: 'next' },
      { id: 'snapshot', kind: 'RWF_SNAPSHOT', label: 'Post a summary for the lands team', rule: 'next' },
      { id: 'outcome', kind: 'RWF_OUTCOME', label: 'Record the outcome', rule: 'next' },
      { id: 'send', kind: 'RWF_THREAD', label: 'Send the response', rule: 'next' },
    ],
  });

  officerCtx = await newContext(app);
  proponentCtx = await newContext(app);
  officer = await officerCtx.newPage();
  proponent = await proponentCtx.newPage();
  await signIn(officer, app.server.url, OFFICER);
  await signIn(proponent, app.server.url, PROPONENT);
}, 120_000);

screenshotOnFailure(() => [officer, proponent]);

afterAll(async () => {
  await officerCtx?.close();
  await proponentCtx?.close();
  await app?.close();
  await sink?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const summaryOf = (scope: Locator) => scope.getByRole('region', { name: 'Consultation summary' });
const movesOf = (scope: Locator) => summaryOf(scope).getByRole('group', { name: 'Consultation actions' });
const workflow = (scope: Locator) => scope.getByRole('region', { name: /^Workflow/ });
const stepRow = (scope: Locator, label: string) =>
  workflow(scope)
    .getByRole('listitem')
    .filter({ has: scope.page().getByRole('heading', { name: new RegExp(`^\\d+\\. ${label}$`) }) });

/** The response's step states, as stored. */
const states = async () =>
  ((await stored(app, responseId))._wf as { steps: { state: string }[] }).steps.map((s) => s.state);

/** The cell showing this consultation (the list is cell 0, the record the next one). */
// Exactly the project: the response's cell says 'project — community'.
const consultationCell = (page: Page) => cell(page, PROJECT);

describe('a referral from submission to response', () => {
  it('1. the proponent submits through the guided form, and the officer sees it arrive live', async () => {
    await officer.goto(`${app.server.url}/consult.projects`);
    const officerList = cell(officer, 'Consultations');
    await officerList.getByRole('link').first().waitFor();
    expect(await officerList.getByRole('link', { name: new RegExp(PROJECT) }).count()).toBe(0);

    await proponent.goto(`${app.server.url}/consult.projects`);
    await cell(proponent, 'Consultations').getByRole('button', { name: 'New Consultation' }).click();
    const dialog = proponent.getByRole('dialog', { name: 'New consultation' });
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill(PROJECT);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 2 of 9: Proponent').waitFor();
    // Her organisation and her own contact card are filled in (issue 38).
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /Proponent organisation/ }).inputValue())
      .toBe('Northern Pipeline Corp.');
    await dialog.getByRole('button', { name: 'Karen Walsh' }).waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 3 of 9: Supporting').waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    // The dates: the response is asked for in a month; the project runs next summer.
    await dialog.getByText('Step 4 of 9: Dates').waitFor();
    const inMonth = new Date(Date.now() + 30 * 86_400_000);
    const ddmmyyyy = (d: Date) =>
      `${String(d.getUTCDate()).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}${d.getUTCFullYear()}`;
    await dialog.getByRole('group', { name: /Requested response date/ }).click();
    await proponent.keyboard.type(ddmmyyyy(inMonth));
    await dialog.getByRole('group', { name: /Project start/ }).click();
    await proponent.keyboard.type('01052027');
    await dialog.getByRole('group', { name: /Project end/ }).click();
    await proponent.keyboard.type('30092027');
    for (const next of ['Step 5 of 9', 'Step 6 of 9']) {
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText(new RegExp(`^${next}`)).waitFor();
    }
    // The area: her GIS's shapefile, first zipped without its .prj. Metres cannot be placed, and
    // the form says what is missing rather than "no shape".
    const area = dialog.locator('[data-geometry-editor]');
    await area.locator('input[data-geometry-file]').setInputFiles(path.join(tmp, 'area-no-prj.zip'));
    await area
      .getByRole('alert')
      .getByText(/not longitude and latitude, and the zip has no area\.prj/)
      .waitFor({ timeout: 30_000 });
    expect(await raw(proponent)).toEqual([]);
    // With the .prj: read from UTM, reprojected, and the system named.
    await area.locator('input[data-geometry-file]').setInputFiles(path.join(tmp, 'area.zip'));
    await area
      .locator('[data-geometry-projection]')
      .getByText(/^Read from WGS 1984 UTM Zone 10N, and shown here in longitude and latitude/)
      .waitFor({ timeout: 30_000 });
    expect(await area.getByRole('alert').count()).toBe(0);
    await area.locator('[data-geometry-summary]').getByText(/^Area/).waitFor();
    await shot(proponent, 'journey-1-shapefile');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText(/^Step 7 of 9/).waitFor();
    await dialog.getByRole('combobox', { name: /Submitted to/ }).click();
    await proponent
      .getByRole('option', { name: /Riverbend/ })
      .first()
      .click();
    // The duplicate and overlap check before the draft is saved.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Step 8 of 9: Check').waitFor();
    await dialog.getByText('No referral on file has the same file number or an overlapping area.').waitFor();
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await dialog.getByText('Step 9 of 9: Files').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const mine = consultationCell(proponent);
    await summaryOf(mine).getByText('Draft', { exact: true }).waitFor();
    consultationId = new URL(proponent.url()).pathname
      .split('/')
      .find((s) => s.startsWith('i-Consultation-'))!
      .slice(2)
      .split('~')[0]!;
    // A draft is the proponent's own: the lands office does not see it yet.
    await officer.waitForTimeout(500);
    expect(await officerList.getByRole('link', { name: new RegExp(PROJECT) }).count()).toBe(0);

    await movesOf(mine).getByRole('button', { name: 'Submit' }).click();
    await proponent.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await summaryOf(mine).getByText('Submitted', { exact: true }).waitFor();
    expect(await raw(proponent)).toEqual([]);

    // Her receipt, through the real mail path: the community, the project and a link back.
    const receipt = await sink.next(PROPONENT, 0, 15_000);
    expect(receipt.headers.subject).toBe(`Riverbend First Nation received your referral: ${PROJECT}`);
    expect(receipt.body).toContain(`/i-${consultationId}`);
    expect(receipt.body).toMatch(/Response requested by: \d{1,2} [A-Z][a-z]+ \d{4}/);
    // The submission's PDF goes with it.
    expect(receipt.raw).toMatch(/Content-Type: application\/pdf/i);

    // Live, without a reload: the submission became the community's and reached its list.
    await officerList.getByRole('link', { name: new RegExp(PROJECT) }).waitFor({ timeout: 15_000 });
    await shot(officer, 'journey-1-arrived');
  });

  it('2. the officer marks it incomplete; the proponent answers in the thread and resubmits', async () => {
    await cell(officer, 'Consultations')
      .getByRole('link', { name: new RegExp(PROJECT) })
      .click();
    const record = consultationCell(officer);
    await summaryOf(record).getByText('Submitted', { exact: true }).waitFor();
    await movesOf(record).getByRole('button', { name: 'Mark incomplete' }).click();
    const dialog = officer.getByRole('dialog', { name: 'Mark incomplete' });
    await dialog
      .getByRole('textbox', { name: /Message to the proponent/ })
      .fill('Please add the haul route map and the traffic counts.');
    await dialog.getByRole('button', { name: 'Mark incomplete' }).click();
    await summaryOf(record).getByText('Incomplete', { exact: true }).waitFor();

    // The proponent's open record follows; the thread is in its conversations.
    const mine = consultationCell(proponent);
    await summaryOf(mine).getByText('Incomplete', { exact: true }).waitFor({ timeout: 15_000 });
    // (The thread is named for the project; its purpose says it is the incomplete notice.)
    await mine.getByTestId('section-conversations').getByRole('link').first().click();
    const box = proponent.getByLabel('Your reply');
    await box.fill('The route map and the traffic counts are attached to the consultation now.');
    await proponent.getByRole('button', { name: 'Send' }).click();
    await proponent
      .getByTestId('message')
      .filter({ hasText: 'The route map and the traffic counts' })
      .waitFor();
    await shot(proponent, 'journey-2-answered');

    await proponent.goto(`${app.server.url}/i-${consultationId}`);
    const again = cellAt(proponent, 0);
    await movesOf(again).getByRole('button', { name: 'Submit' }).click();
    await proponent.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await summaryOf(again).getByText('Submitted', { exact: true }).waitFor();
    await summaryOf(record).getByText('Submitted', { exact: true }).waitFor({ timeout: 15_000 });
    expect((await stored(app, consultationId)).state).toBe('SUBMITTED');
  });

  it('3. the officer distributes it; the response workflow starts with its first step assigned', async () => {
    const record = consultationCell(officer);
    // The community's readers download the submission's PDF from the summary.
    await summaryOf(record).getByRole('link', { name: 'Download the submission (PDF)' }).waitFor();
    await movesOf(record).getByRole('button', { name: 'Distribute' }).click();
    const dialog = officer.getByRole('dialog', { name: 'Distribute to communities' });
    await dialog.getByRole('button', { name: 'Distribute' }).click();
    await summaryOf(record).getByText('Consulting', { exact: true }).waitFor();
    const responses = record.getByTestId('consult-responses');
    await responses
      .getByRole('link', { name: /Riverbend First Nation/ })
      .first()
      .click();
    // The response, named for its project and community, opens in the cell after the consultation's.
    const response = cell(officer, `${PROJECT} — Riverbend First Nation`);
    await workflow(response).waitFor();
    await stepRow(response, 'Assign a lands officer').getByText('Assigned to Joseph Redcloud').waitFor();
    responseId = new URL(officer.url()).pathname
      .split('/')
      .find((s) => s.startsWith('i-ConsultResponse-'))!
      .slice(2)
      .split('~')[0]!;
    const wf = (await stored(app, responseId))._wf as { steps: { id: string; state: string }[] };
    expect(wf.steps.map((s) => s.state)).toEqual(['ACTIVE', 'BLANK', 'BLANK', 'BLANK', 'BLANK']);
    await shot(officer, 'journey-3-workflow');
  });

  it('4. the due reminder mail arrives', async () => {
    // The first step is due two days after it started: within the three days' notice.
    // (Earlier mails, such as the assignment's, are in the sink already: look for this one.)
    await app.server.app.services.jobs.send('workflow.reminders', {});
    // The demo's own responses due soon are reminded too: this one is named by its project.
    const reminder = () =>
      sink.to(OFFICER).find((m) => m.body.includes('Due soon') && m.body.includes(PROJECT));
    await expect.poll(() => !!reminder(), { timeout: 30_000 }).toBe(true);
  });

  it('5. steps complete, the outcome is recorded, and the response goes out with its letter', async () => {
    const response = cellAt(officer, 2);
    // Assign: the response's staff, then the step.
    const assign = response.getByTestId('step-panel-RWF_ASSIGN');
    const staffPicker = assign.getByRole('combobox', { name: /Staff member/ });
    await staffPicker.fill('Joseph');
    await officer.getByRole('option', { name: /Joseph Redcloud/ }).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await assign.getByText('Joseph Redcloud').first().waitFor();
    await assign.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await states())[0]).toBe('COMPLETE');
    // Research: the step is ACTIVE (its panel shows), an internal note, then the step.
    const research = response.getByTestId('step-panel-RWF_RESEARCH');
    await research.waitFor();
    const sections = response.getByTestId('parts-ConsultResponseSection');
    await sections.getByRole('button', { name: 'Add a section' }).click();
    await field(sections, 'Heading').fill('Traditional use');
    await field(sections, 'Text').fill(INTERNAL);
    await sections.getByRole('button', { name: 'Save' }).click();
    await sections.getByRole('link', { name: 'Open Traditional use' }).waitFor();
    // The checklist: every source checked, saved, then the step.
    for (const source of ['Archive', 'Field data', 'Land use and occupancy', 'Elders and knowledge holders'])
      await research.getByRole('checkbox', { name: `${source} checked` }).check();
    await research.getByRole('button', { name: 'Save checklist' }).click();
    await expect.poll(async () => Array.isArray((await stored(app, responseId)).research)).toBe(true);
    await research.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await states())[1]).toBe('COMPLETE');
    // The snapshot step posts its summary and waits for the officer's click; the outcome step is next.
    await expect.poll(async () => (await states()).slice(2, 4)).toEqual(['ACTIVE', 'BLANK']);
    await response
      .getByTestId('step-panel-RWF_SNAPSHOT')
      .getByRole('button', { name: 'Complete step' })
      .click();
    await expect.poll(async () => (await states()).slice(2, 4)).toEqual(['COMPLETE', 'ACTIVE']);
    const outcome = response.getByTestId('step-panel-RWF_OUTCOME');
    await outcome.getByRole('combobox', { name: 'Outcome' }).click();
    await officer.getByRole('listbox').getByRole('option').nth(1).click();
    await outcome.getByRole('button', { name: 'Save outcome' }).click();
    await expect.poll(async () => typeof (await stored(app, responseId)).outcome).toBe('string');
    await outcome.getByRole('button', { name: 'Complete step' }).click();
    // The letter, then the response with it.
    const dialog = await openSendResponse(response, path.join(tmp, LETTER), {
      subject: `Riverbend response: ${PROJECT}`,
      message: 'Our response is attached.',
    });
    await dialog.getByRole('checkbox', { name: LETTER }).check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'detached' });
    const send = response.getByTestId('step-panel-RWF_THREAD');
    await send.getByRole('button', { name: 'Complete step' }).click();
    await expect
      .poll(async () =>
        ((await stored(app, responseId))._wf as { steps: { state: string }[] }).steps.map((s) => s.state),
      )
      .toEqual(['COMPLETE', 'COMPLETE', 'COMPLETE', 'COMPLETE', 'COMPLETE']);
    expect((await stored(app, responseId)).state).toBe('RESPONDED');
    await shot(officer, 'journey-5-responded');
  });

  it('6. the proponent sees RESPONDED and the response thread, never the response or its notes', async () => {
    await proponent.goto(`${app.server.url}/i-${consultationId}`);
    const mine = cellAt(proponent, 0);
    await summaryOf(mine).getByText('Responded', { exact: true }).waitFor();
    expect((await stored(app, consultationId)).state).toBe('RESPONDED');
    // "From the community" (issue 38): where it stands, what was asked for and the response with
    // its letter, each signed by the community, in words.
    const from = mine.getByRole('region', { name: 'From the community' });
    await from.getByText('Where it stands: Responded').waitFor();
    const said = from.getByRole('listitem');
    await said
      .filter({ hasText: 'Asked for more' })
      .getByText('Please add the haul route map and the traffic counts.')
      .waitFor();
    const answer = said.filter({ hasText: 'The community’s response' });
    await answer.getByText('Our response is attached.').waitFor();
    await answer.getByText(LETTER).first().waitFor();
    await answer.getByText(/^Riverbend First Nation, \d{2}-[A-Z][a-z]{2}-\d{4}/).waitFor();
    expect(await from.getByText(/CONSULT_|RESPONDED|Thread-\d/).count()).toBe(0);
    expect(await raw(proponent)).toEqual([]);
    // The submission's PDF (issue 38, Deliver 1): in the panel, not again in the summary, and
    // downloaded with the session's cookie, as the browser itself fetches a link.
    const pdfLink = from.getByRole('link', { name: 'Download the submission (PDF)' });
    expect(await summaryOf(mine).getByRole('link', { name: 'Download the submission (PDF)' }).count()).toBe(
      0,
    );
    const pdf = await proponent.request.get(`${app.server.url}${await pdfLink.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain(`filename="${PROJECT}`);
    await axeCheck(proponent, 'journey-6-from-community');
    await mine
      .getByTestId('section-conversations')
      .getByRole('link', { name: new RegExp(`Riverbend response: ${PROJECT}`) })
      .click();
    await proponent.getByText('Our response is attached.').waitFor();
    await proponent.getByText(LETTER).first().waitFor();
    // Nothing of the community's work reaches the proponent's screens.
    expect(await proponent.getByRole('heading', { name: 'Responses', level: 2 }).count()).toBe(0);
    expect(await proponent.getByText(INTERNAL).count()).toBe(0);
    expect(await proponent.getByRole('region', { name: /^Workflow/ }).count()).toBe(0);
    await shot(proponent, 'journey-6-proponent');
    // Nor by its address.
    await proponent.goto(`${app.server.url}/i-${responseId}`);
    await proponent
      .getByText(/does not exist|do not have access/i)
      .first()
      .waitFor();
    expect(await proponent.getByText(INTERNAL).count()).toBe(0);
    expect(await proponent.getByText('Assign a lands officer').count()).toBe(0);
  });

  it('7. an organisation builds a workflow in admin.workflows, and the next response runs it', async () => {
    await officer.goto(`${app.server.url}/admin.workflows`);
    const designer = cell(officer, 'Workflows');
    await designer.getByRole('button', { name: 'New workflow' }).click();
    const dialog = officer.getByRole('dialog', { name: 'New workflow' });
    await field(dialog, 'Name').fill('Pipeline fast track');
    await dialog.getByRole('combobox', { name: /^Runs on/ }).click();
    await officer
      .getByRole('option', { name: /response/i })
      .first()
      .click();
    await dialog.getByRole('checkbox', { name: 'Default for new items of this type' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const editor = designer.getByRole('region', { name: 'Pipeline fast track' });
    for (const label of ['Record the outcome', 'Send the response']) {
      await editor.getByRole('button', { name: 'Add a step' }).click();
      await officer.keyboard.type(label);
    }
    const steps = editor.locator('ol > li');
    for (const [n, kind] of [
      [0, 'Record the outcome'],
      [1, 'Send to the proponent'],
    ] as const) {
      await steps.nth(n).getByRole('combobox', { name: /^Kind/ }).click();
      await officer.getByRole('option', { name: kind, exact: true }).click();
    }
    await editor.getByRole('button', { name: 'Save' }).click();
    await officer.getByText('Workflow saved.').first().waitFor();

    // A submitted referral of the demo, distributed now: its response runs the new default.
    await officer.goto(`${app.server.url}/consult.projects`);
    await cell(officer, 'Consultations')
      .getByRole('link', { name: /North Loop expansion/ })
      .click();
    const record = cell(officer, 'North Loop expansion');
    await movesOf(record).getByRole('button', { name: 'Distribute' }).click();
    await officer
      .getByRole('dialog', { name: 'Distribute to communities' })
      .getByRole('button', { name: 'Distribute' })
      .click();
    await summaryOf(record).getByText('Consulting', { exact: true }).waitFor();
    const responses = record.getByTestId('consult-responses');
    await responses
      .getByRole('link', { name: /Riverbend First Nation/ })
      .first()
      .click();
    const response = cellAt(officer, 2);
    await workflow(response).getByRole('heading', { name: 'Workflow: Pipeline fast track' }).waitFor();
    await stepRow(response, 'Record the outcome').waitFor();
    await shot(officer, 'journey-7-own-workflow');
  });
});
