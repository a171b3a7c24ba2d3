import { sql } from 'drizzle-orm';
import { mkdirSync, readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import {
  cellAt,
  field,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';
import { logReferral, next } from './helpers/intake';

// Issue 37, "Done when": a referral from intake to sent letter, as the lands office works it, in
// one browser journey. The lands officer logs a referral from the desk for a proponent the
// community has never recorded: the organisation and its contact are recorded inline, over the
// form; Escape, a reload and a closed tab lose nothing; the area is drawn on the basemap; the
// duplicate check finds the demo referral with the same file number (North Loop expansion,
// NP-2026-014), which is linked; the referral is submitted and the lands manager's bell rings.
// Distributed from its record, it runs Riverbend's default response workflow, which the lands
// office works by clicking, step by step, to a previewed, confirmed, sent letter and a recorded
// outcome, with no forcing and no clearing. Each click completes one step; each completion moves
// the response's workflow state, which the Responses list shows. Screenshots of the intake, the
// panel, the designer's "sets" and the list, light, dark, phone.

const OFFICER = 'lands.officer@riverbend.example';
const ORG = 'Tamarack Energy Ltd.';
const PROJECT = 'Kettle River bridge replacement';
const FILE_NUMBER = 'NP-2026-014';
const SHOTS = '/tmp/shots/a37-workflow';
const EMAILS: Record<string, string> = {};

let app: E2EApp;
let ctx: BrowserContext;
let page: Page;
let other: { ctx: BrowserContext; page: Page } | null = null;
let responseId = '';

type Step = { id: string; state: string; assignedTo: string | null; label: string };
const steps = async () => ((await stored(app, responseId))._wf as { steps: Step[] }).steps;
const states = async () => (await steps()).map((s) => s.state);
const record = (p: Page) => cellAt(p, 0);
const row = (p: Page, label: string): Locator =>
  record(p).getByRole('listitem', { name: new RegExp(`^\\d+\\. ${label}$`) });
/** The step anywhere on the page (a phone shows the record alone). */
const anyRow = (p: Page, label: string) => () =>
  p.getByRole('listitem', { name: new RegExp(`^\\d+\\. ${label}$`) });

/** Light, dark and phone; `target` finds what to show (anywhere on the page: a phone shows one cell). */
async function shots(p: Page, name: string, target?: () => Locator) {
  await target?.().first().scrollIntoViewIfNeeded();
  await setDark(p, false);
  await axeCheck(p, `${name}-light`);
  await p.screenshot({ path: `${SHOTS}/${name}-light.png`, fullPage: true });
  await setDark(p, true);
  await axeCheck(p, `${name}-dark`);
  await p.screenshot({ path: `${SHOTS}/${name}-dark.png`, fullPage: true });
  await setDark(p, false);
  await p.setViewportSize({ width: 390, height: 844 });
  try {
    // A phone shows one cell at a time: the target may be in another (the designer's list).
    // Let the narrower layout render first, or a row counted before it goes away with its cell.
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (target && (await target().count()))
      await target()
        .first()
        .scrollIntoViewIfNeeded({ timeout: 3000 })
        .catch(() => undefined);
    expect(await fitsWidth(p)).toBe(true);
    await p.screenshot({ path: `${SHOTS}/${name}-phone.png`, fullPage: true });
  } finally {
    await p.setViewportSize({ width: 1440, height: 900 });
  }
}

/** The page of whoever holds the step now (the officer, or another of Riverbend's people). */
async function pageOf(step: string): Promise<Page> {
  const holder = (await steps()).find((s) => s.id === step)!.assignedTo;
  const email = holder ? EMAILS[holder] : OFFICER;
  if (!email || email === OFFICER) return page;
  await other?.ctx.close();
  const c = await newContext(app);
  const p = await c.newPage();
  await signIn(p, app.server.url, email);
  other = { ctx: c, page: p };
  await p.goto(`${app.server.url}/i-${responseId}`);
  return p;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // With the demo's files: the letter's letterhead is one (the seeded template's image).
  app = await startApp({}, undefined, [], { demoFiles: true });
  const { items } = app.server.app.services;
  for (const email of [
    OFFICER,
    'lands.admin@riverbend.example',
    'admin@riverbend.example',
    'researcher@riverbend.example',
  ]) {
    const [u] = await query<{ id: string }>(
      items.db,
      sql`select user_id as id from credentials where email = ${email}`,
    );
    if (u) EMAILS[u.id] = email;
  }
  ctx = await newContext(app);
}, 180_000);

screenshotOnFailure(() => [page, other?.page]);

afterAll(async () => {
  await other?.ctx.close();
  await ctx?.close();
  await app?.close();
});

describe('a referral from intake to sent letter', () => {
  it('logs a referral for a new proponent: inline records, nothing lost to Escape, a reload or a closed tab, a duplicate warning, the bell', async () => {
    const context = ctx;
    page = await ctx.newPage();
    await signIn(page, app.server.url, OFFICER);
    let dialog = await logReferral(app, page);
    await dialog.getByText('Step 1 of 9: Project').waitFor();
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill(PROJECT);
    await dialog.getByRole('button', { name: /^Add to Identifiers/ }).click();
    await dialog.getByRole('textbox', { name: /^Identifiers \(file numbers, permits\) 1/ }).fill(FILE_NUMBER);
    await shot(page, 'intake-project');

    // Escape asks before anything typed is lost; Escape again (or "Keep editing") goes back.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Close this referral?' });
    await ask.waitFor();
    await shot(page, 'intake-close-confirm');
    expect(
      await ask.getByRole('button', { name: 'Keep editing' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    await dialog.getByRole('textbox', { name: /^Project name/ }).waitFor();
    expect(await dialog.getByRole('textbox', { name: /^Project name/ }).inputValue()).toBe(PROJECT);

    // The proponent: a company the community has never recorded, recorded over the form.
    await next(dialog, 'Proponent');
    await dialog.getByRole('button', { name: 'New organisation…' }).first().click();
    const orgDialog = page.getByRole('dialog', { name: 'Record an organisation' });
    await orgDialog.getByRole('textbox', { name: /^Name/ }).fill(ORG);
    // A proponent is recorded as a company unless said otherwise.
    expect(await orgDialog.getByRole('combobox', { name: /^Type/ }).textContent()).toMatch(/Industry/);
    await shot(page, 'intake-inline-org');
    await orgDialog.getByRole('button', { name: 'Save and add a contact' }).click();
    const contactDialog = page.getByRole('dialog', { name: `A contact at ${ORG}` });
    await contactDialog.getByRole('textbox', { name: /^First name/ }).fill('Dana');
    await contactDialog.getByRole('textbox', { name: /^Last name/ }).fill('Whitford');
    await contactDialog.getByRole('textbox', { name: /mail/i }).fill('dana.whitford@tamarack-energy.example');
    await shot(page, 'intake-inline-contact');
    await contactDialog.getByRole('button', { name: 'Create' }).click();
    await contactDialog.waitFor({ state: 'detached' });
    // Both are picked: the organisation by its name, the contact by hers.
    expect(await dialog.getByRole('combobox', { name: /Proponent organisation/ }).inputValue()).toBe(ORG);
    await dialog.getByText('Dana Whitford').waitFor();
    await shot(page, 'intake-proponent');

    // A reload loses nothing: the form opens again where it was, with what was entered.
    await page.waitForTimeout(600);
    await page.reload();
    dialog = await logReferral(app, page);
    await dialog.getByText(/^Restored what you entered/).waitFor();
    await dialog.getByText('Step 2 of 9: Proponent').waitFor();
    expect(await dialog.getByRole('combobox', { name: /Proponent organisation/ }).inputValue()).toBe(ORG);
    await dialog.getByText('Dana Whitford').waitFor();
    await shot(page, 'intake-restored');

    // Closing and keeping it, then a closed tab: a new tab of the same browser has it still.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Close this referral?' })
      .getByRole('button', { name: 'Close and keep it' })
      .click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
    const tab = await context.newPage();
    dialog = await logReferral(app, tab);
    await dialog.getByText(/^Restored what you entered/).waitFor();
    expect(await dialog.getByRole('combobox', { name: /Proponent organisation/ }).inputValue()).toBe(ORG);
    await dialog.getByText('Step 2 of 9: Proponent').waitFor();

    for (const s of ['Supporting', 'Dates', 'Details', 'Project area']) await next(dialog, s);
    // The area, drawn on the basemap (which opens on the community's territory): four corners,
    // then the first again to close it.
    const canvas = dialog.locator('[data-geometry-editor] canvas');
    // Clicks before the drawing tool has started are lost: wait for the map to say it is ready.
    await dialog.locator('[data-geometry-map="ready"]').waitFor({ timeout: 30_000 });
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
    const corners = [at(0.4, 0.4), at(0.6, 0.4), at(0.6, 0.6), at(0.4, 0.6), at(0.4, 0.4)];
    for (const c of corners) {
      await tab.mouse.move(c.x, c.y, { steps: 4 });
      await tab.mouse.click(c.x, c.y);
    }
    await expect
      .poll(() => dialog.locator('[data-geometry-editor]').innerText())
      .toMatch(/Area, 4 points, [\d.,]+ (km²|ha)/);
    await shot(tab, 'intake-area-drawn');
    await next(dialog, 'Community');
    // The community is the officer's own, chosen already.
    expect(await dialog.getByRole('combobox', { name: /Submitted to/ }).inputValue()).toMatch(/Riverbend/);

    // The check: North Loop expansion has the same file number.
    await next(dialog, 'Check');
    const warning = dialog.getByTestId('consult-duplicate-warning');
    // The demo's referral with the same file number, and any whose area the drawn one meets.
    await warning.getByText(/^\d+ referrals? on file may be the same one\.$/).waitFor();
    await dialog.getByTestId('consult-places-count').waitFor();
    const row = dialog.locator('[data-referral]').filter({ hasText: 'North Loop expansion' });
    await row.getByText(`Same file number: ${FILE_NUMBER}`).waitFor();
    await axeCheck(tab, 'intake check');
    await shot(tab, 'intake-duplicate');
    await row.getByRole('checkbox', { name: 'Link as related' }).check();
    await dialog.getByText('1 referral will be linked.').waitFor();
    const northLoop = (await row.getAttribute('data-referral'))!;

    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await dialog.getByText('Step 9 of 9: Files').waitFor();
    await dialog.getByText('Drop files here, or').waitFor();
    await dialog.getByRole('button', { name: 'Submit now' }).click();
    await dialog.waitFor({ state: 'detached' });
    const summary = cellAt(tab, 1).getByRole('region', { name: 'Consultation summary' });
    await summary.getByText('Submitted', { exact: true }).waitFor();
    const id = new URL(tab.url()).pathname
      .split('/')
      .find((s) => s.startsWith('i-Consultation-'))!
      .slice(2)
      .split('~')[0]!;
    const saved = await stored(app, id);
    expect(saved.projectName).toBe(PROJECT);
    expect(saved.identifiers).toEqual([FILE_NUMBER]);
    expect(saved.state).toBe('SUBMITTED');
    expect(saved.rel).toEqual([northLoop]);
    const org = await stored(app, saved.primaryOrg as string);
    expect(org).toMatchObject({ displayName: ORG, type: 'INDUSTRY' });
    const [contact] = saved.primaryContacts as string[];
    expect(await stored(app, contact!)).toMatchObject({ firstName: 'Dana', lastName: 'Whitford' });

    const areas = await app.server.app.services.search.search(SYSTEM, {
      must: { _t: ['ConsultProjectFeature'], consultation: [id] },
      max: 5,
    });
    expect(areas.total).toBe(1);

    // The lands staff's bell rings: the lands manager is told of the referral (Deliver 9).
    const managerCtx = await newContext(app);
    const manager = await managerCtx.newPage();
    await signIn(manager, app.server.url, 'lands.admin@riverbend.example');
    await manager.getByTestId('notification-bell').click();
    await manager
      .getByRole('menuitem', { name: new RegExp(`${PROJECT}.*Submitted to your community`) })
      .waitFor();
    await manager.keyboard.press('Escape');
    await managerCtx.close();

    // Saved: the browser's copy is gone, and the form opens afresh.
    dialog = await logReferral(app, tab);
    await dialog.getByText('Step 1 of 9: Project').waitFor();
    expect(await dialog.getByText(/^Restored what you entered/).count()).toBe(0);
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Distributed to Riverbend from the record: its default response workflow starts.
    await tab.goto(`${app.server.url}/i-${id}`);
    const moves = cellAt(tab, 0).getByRole('group', { name: 'Consultation actions' });
    await moves.getByRole('button', { name: 'Distribute' }).click();
    await tab
      .getByRole('dialog', { name: 'Distribute to communities' })
      .getByRole('button', { name: 'Distribute' })
      .click();
    await expect.poll(async () => (await stored(app, id)).state).toBe('CONSULTING');
    const responses = await app.server.app.services.search.search(SYSTEM, {
      must: { _t: ['ConsultResponse'], consultation: [id] },
      max: 5,
    });
    expect(responses.ids).toHaveLength(1);
    responseId = responses.ids[0]!;
    page = tab;
  });

  it('starts with every step given to a role and due before the requested date', async () => {
    const s = await steps();
    expect(s.map((x) => x.id)).toEqual([
      'assign',
      'review',
      'overlay',
      'research',
      'letter-propose',
      'letter-approve',
      'letter-send',
      'outcome',
    ]);
    expect(s.every((x) => x.assignedTo)).toBe(true);
    expect((await stored(app, responseId))['_wf.state']).toBe('NEW');
    await page.goto(`${app.server.url}/i-${responseId}`);
    await row(page, 'Assign the lands team').waitFor();
    await shots(page, 'panel-start', anyRow(page, 'Assign the lands team'));
  });

  it('assigns the lands team, then completes one step per click to a sent letter', async () => {
    // Assign: the officer puts himself on the response's lands team, then completes the step.
    const assign = record(page).getByTestId('step-panel-RWF_ASSIGN');
    await assign.getByText('Nobody is on this response’s lands team yet.').waitFor();
    await assign.getByRole('combobox', { name: /Staff member/ }).fill('Joseph');
    await page.getByRole('option', { name: /Joseph Redcloud/ }).click();
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await assign.getByText('Joseph Redcloud').first().waitFor();
    await assign.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(states).toEqual(['COMPLETE', 'ACTIVE', ...Array(6).fill('BLANK')]);
    expect((await stored(app, responseId))['_wf.state']).toBe('IN_REVIEW');

    // Review: the generic Complete.
    await row(page, 'Review the referral').getByRole('button', { name: 'Complete', exact: true }).click();
    await expect.poll(async () => (await states()).slice(0, 3)).toEqual(['COMPLETE', 'COMPLETE', 'ACTIVE']);

    // The overlay: one click runs it and completes its step, and only its step.
    const overlay = record(page).getByTestId('step-panel-RWF_SPATIAL');
    await overlay.getByRole('button', { name: 'Run the overlay' }).click();
    await expect
      .poll(async () => (await states()).slice(2, 5), { timeout: 30_000 })
      .toEqual(['COMPLETE', 'ACTIVE', 'BLANK']);
    expect((await stored(app, responseId))['_wf.state']).toBe('RESEARCH');

    // The research checklist: every source ticked, a note, saved, then the step.
    const research = record(page).getByTestId('step-panel-RWF_RESEARCH');
    for (const source of ['Archive', 'Field data', 'Land use and occupancy', 'Elders and knowledge holders'])
      await research.getByRole('checkbox', { name: `${source} checked` }).check();
    await research
      .getByRole('textbox', { name: 'What was found (Elders and knowledge holders)' })
      .fill('Two Elders spoke of berry picking along the creek in August.');
    await shots(page, 'research-checklist', () => page.getByTestId('step-panel-RWF_RESEARCH'));
    await research.getByRole('button', { name: 'Save checklist' }).click();
    await expect
      .poll(
        async () => ((await stored(app, responseId)).research as { checked: boolean }[] | undefined)?.length,
      )
      .toBe(4);
    await research.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await states())[3]).toBe('COMPLETE');
    expect((await stored(app, responseId))['_wf.state']).toBe('DRAFTING');
    // The letter step prefers the lands team: started, it is the officer's, whoever the start gave it to.
    await row(page, 'Draft the response letter').getByText('Assigned to Joseph Redcloud').waitFor();

    // The letter, drafted from the community's template (its placeholders filled or replaced).
    const propose = record(page).getByTestId('step-panel-RWF_LETTER_PROPOSE');
    await propose.getByRole('button', { name: 'Draft the letter' }).click();
    const body = propose.getByTestId('letter-body');
    await expect.poll(async () => (await body.inputValue()).length).toBeGreaterThan(20);
    await body.fill((await body.inputValue()).replace(/\{\{[^}]+\}\}/g, 'see the attached review'));
    await propose.getByRole('button', { name: 'Save letter' }).click();
    await propose.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await states())[4]).toBe('COMPLETE');

    // Approve: only the chosen approver (the step's person, an orgAdmin) approves.
    const approverPage = await pageOf('letter-approve');
    const approve = record(approverPage).getByTestId('step-panel-RWF_LETTER_APPROVE');
    // Its panel is a chunk of its own, loaded on this first visit.
    await approve.getByRole('button', { name: 'Approve', exact: true }).click({ timeout: 60_000 });
    await expect.poll(async () => (await states())[5]).toBe('COMPLETE');
    expect((await stored(app, responseId))['_wf.state']).toBe('APPROVED');

    // Send, then record the outcome.
    await page.goto(`${app.server.url}/i-${responseId}`);
    const send = record(page).getByTestId('step-panel-RWF_LETTER_SEND');
    // The confirmation lists who it goes to; nothing is sent before "Send the letter".
    await send.getByRole('button', { name: 'Preview and send…' }).dispatchEvent('click');
    const confirm = page.getByRole('dialog', { name: 'Send this letter?' });
    await confirm.getByRole('list', { name: 'It goes to' }).waitFor({ timeout: 30_000 });
    await confirm.getByRole('button', { name: 'Send the letter' }).dispatchEvent('click');
    await expect
      .poll(async () => (await stored(app, responseId)).state, { timeout: 60_000 })
      .toBe('RESPONDED');
    // The sent PDF carries the letterhead, the file number and the signatory.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      send.getByRole('link', { name: /Download .*\.pdf/ }).click({ timeout: 20_000 }),
    ]);
    const bytes = readFileSync(await download.path());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain(`File no. ${FILE_NUMBER}`);
    expect(text).toContain('Mary Thunderbird');
    expect(text).toContain('Dear Dana Whitford');
    // The letterhead is the PDF's one image (pdfmake writes object dictionaries uncompressed).
    expect(bytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
    await send.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(async () => (await states())[6]).toBe('COMPLETE');
    expect((await stored(app, responseId))['_wf.state']).toBe('SENT');
    const outcome = record(page).getByTestId('step-panel-RWF_OUTCOME');
    await outcome.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('listbox').getByRole('option').nth(1).click();
    await outcome.getByRole('button', { name: 'Save outcome' }).click();
    await expect.poll(async () => typeof (await stored(app, responseId)).outcome).toBe('string');
    await outcome.getByRole('button', { name: 'Complete step' }).click();
    await expect.poll(states).toEqual(Array(8).fill('COMPLETE'));
    expect((await stored(app, responseId))['_wf.state']).toBe('CLOSED');
    await shots(page, 'panel-done', anyRow(page, 'Record the outcome'));
  }, 420_000);

  it('logs time and an expense on the response, and sends the proponent an invoice', async () => {
    await page.goto(`${app.server.url}/i-${responseId}`);
    const costs = record(page).getByRole('region', { name: /Time and expenses/ });
    await costs.getByRole('button', { name: 'Log time' }).click();
    let dialog = page.getByRole('dialog');
    await field(dialog, 'Hours').fill('2.5');
    // The response decides who reads its time: no visibility of its own, and no knowledge labels.
    expect(await dialog.getByRole('combobox', { name: /^Visibility/ }).count()).toBe(0);
    expect(await dialog.getByText('Traditional Knowledge labels').count()).toBe(0);
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Lands officer' }).click();
    expect(await dialog.getByRole('combobox', { name: /^Role/ }).textContent()).toBe('Lands officer');
    await field(dialog, 'What was done').fill('Read the bridge drawings with the Elders');
    await dialog.getByRole('button', { name: /^(Create|Save)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await costs.getByText('Read the bridge drawings with the Elders').waitFor();
    await costs.getByRole('button', { name: 'Log an expense' }).click();
    dialog = page.getByRole('dialog');
    await field(dialog, 'Amount').fill('45.50');
    await dialog.getByRole('combobox', { name: /^Kind/ }).click();
    await page.getByRole('option', { name: 'Travel' }).click();
    await field(dialog, 'What it was for').fill('Fuel to the crossing');
    await dialog.getByRole('button', { name: /^(Create|Save)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await costs.getByText('$45.50').first().waitFor();

    await costs.getByRole('button', { name: 'Send an invoice…' }).click();
    const invoice = page.getByRole('dialog', { name: 'Send the invoice to the proponent' });
    // 2.5 hours at the demo's lands officer rate ($65.00) and $45.50 of travel, to the cent.
    await invoice.getByText('Total due: $208.00', { exact: true }).waitFor();
    await invoice.getByRole('list', { name: 'It goes to' }).getByText(ORG).first().waitFor();
    await axeCheck(page, 'journey-invoice');
    await shot(page, 'journey-invoice');
    await invoice.getByRole('button', { name: 'Send the invoice' }).click();
    await invoice.waitFor({ state: 'detached' });
    await page
      .getByText(new RegExp(`^Invoice: ${PROJECT}`))
      .first()
      .waitFor();
  });

  it('the Responses list shows the workflow state', async () => {
    await page.goto(`${app.server.url}/consult.responses`);
    const list = cellAt(page, 0);
    await list.getByText(PROJECT).first().waitFor();
    await list.getByText('Outcome recorded').first().waitFor();
    await shots(page, 'responses-list');
  });

  it('the designer edits what each step sets', async () => {
    await page.goto(`${app.server.url}/admin.workflows`);
    await page.getByText('Referral response').first().click();
    const sets = page
      .getByRole('combobox', { name: /When it completes, the workflow state becomes/ })
      .first();
    await sets.waitFor();
    // Every step after Assign prefers the response's lands team, named by its label.
    const prefer = page.getByRole('combobox', { name: /Prefer people named in/ });
    expect(await prefer.first().textContent()).toContain('Nobody in particular');
    expect(await prefer.nth(1).textContent()).toContain('Assigned staff');
    await shots(page, 'designer-sets', () =>
      page.getByRole('combobox', { name: /When it completes, the workflow state becomes/ }),
    );
  });
});
