import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
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

// The default response workflow in the browser (issue 37 "Deliver 5"): a referral distributed to
// Riverbend runs every community's default, and the lands office works it by clicking, step by
// step, to a sent letter and a recorded outcome, with no forcing and no clearing. Each click
// completes one step; each completion moves the response's workflow state, which the Responses
// list shows. Screenshots of the panel, the designer's "sets" and the list, light, dark, phone.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PROJECT = 'Willow Flats access road';
const SHOTS = '/tmp/shots/a37-workflow';
const EMAILS: Record<string, string> = {};

let app: E2EApp;
let ctx: BrowserContext;
let page: Page;
let other: { ctx: BrowserContext; page: Page } | null = null;
let officerWs: WsClient;
let responseId = '';

type Body = Record<string, unknown> & { erred?: boolean; userMessage?: string };
async function call(ws: WsClient, o: string, b: unknown): Promise<Body> {
  const r = (await ws.request(o, b, {}, 60_000)).b as Body;
  if (r.erred) throw new Error(`${o}: ${String(r.userMessage)} ${JSON.stringify(r)}`);
  return r;
}

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
  app = await startApp();
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
  officerWs = (await connectAs(app.server, OFFICER, DEMO_PASSWORD)).client;
  const proponentWs = (await connectAs(app.server, PROPONENT, DEMO_PASSWORD)).client;
  const orgs = await app.server.app.services.search.search(SYSTEM, {
    must: { _t: ['Organization'] },
    max: 50,
  });
  const rows = [...(await items.readRows(orgs.ids)).values()];
  const idOf = (name: string) => rows.find((o) => o.data.displayName === name)!.id;
  const requested = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const c = await call(proponentWs, 'create/Consultation', {
    projectName: PROJECT,
    primaryOrg: idOf('Northern Pipeline Corp.'),
    submittedTo: idOf('Riverbend First Nation'),
    requestedResponseDate: requested,
  });
  await call(proponentWs, 'create/ConsultProjectFeature', {
    consultation: c.$id,
    label: 'Road corridor',
    geometry: {
      type: 'LineString',
      coordinates: [
        [-120.82, 56.2],
        [-120.76, 56.21],
      ],
    },
  });
  await call(proponentWs, 'act/cnsSubmit', { consultation: c.$id });
  await proponentWs.close();
  const d = await call(officerWs, 'act/cnsDistribute', {
    consultation: c.$id,
    communities: [idOf('Riverbend First Nation')],
  });
  responseId = (d.responses as string[])[0]!;
  ctx = await newContext(app);
  page = await ctx.newPage();
  await signIn(page, app.server.url, OFFICER);
}, 180_000);

screenshotOnFailure(() => [page, other?.page]);

afterAll(async () => {
  await officerWs?.close();
  await other?.ctx.close();
  await ctx?.close();
  await app?.close();
});

describe('the default response workflow, clicked through', () => {
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
    await shots(page, 'designer-sets', () =>
      page.getByRole('combobox', { name: /When it completes, the workflow state becomes/ }),
    );
  });
});
