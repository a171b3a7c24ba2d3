import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import {
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
import { CASE_CAPABILITY, grantOrgCapability, idWhere, WORKFLOW_MODULES } from './workflow-fixture';

// The workflow panel on a workflow-capable item (spec capability-modules §2, §4): its steps with
// state chips, assignees and due dates (overdue in words, not only in colour), each step's moves
// from the transition table by keyboard, assigning, the force menu (clear, then start again),
// and live updates when someone else moves a step. It needs the engine (the workflow module's
// server half): the item starts its workflow because it is created with `workflow` set. (Run
// against the server helper's engine in a scratch tree of both branches before the merge.)

const OFFICER = 'lands.officer@riverbend.example'; // Riverbend editor
const MANAGER = 'lands.admin@riverbend.example'; // Riverbend orgAdmin

let app: E2EApp;
const contexts: BrowserContext[] = [];
let officer: Page;
let manager: Page;
let caseId: string;
let staffId: string;

beforeAll(async () => {
  app = await startApp({}, WORKFLOW_MODULES);
  const items = app.server.app.services.items;
  const riverbend = await idWhere(app, 'Organization', 'displayName', 'Riverbend First Nation');
  await grantOrgCapability(app, riverbend, CASE_CAPABILITY);
  const officerId = await idWhere(app, 'User', 'email', OFFICER);
  staffId = await idWhere(app, 'User', 'email', 'researcher@riverbend.example');
  const workflow = await items.create(SYSTEM, 'Workflow', {
    label: 'Heritage review',
    appliesTo: 'WfCase',
    owner: riverbend,
    steps: [
      { id: 'receive', kind: 'WKF_CONFIRM', label: 'Receive', rule: 'next', assignee: { user: officerId } },
      // Due three days after it starts: overdue the moment it does.
      { id: 'review', kind: 'WKF_CONFIRM', label: 'Review', rule: 'next', due: { days: -3, from: 'start' } },
      { id: 'answer', kind: 'WKF_CONFIRM', label: 'Answer', rule: 'manual' },
    ],
  });
  caseId = (
    await items.create(SYSTEM, 'WfCase', { title: 'Bridge permit', owner: riverbend, workflow: workflow.$id })
  ).$id;
  const a = await newContext(app);
  const b = await newContext(app);
  contexts.push(a, b);
  officer = await a.newPage();
  manager = await b.newPage();
  await signIn(officer, app.server.url, OFFICER);
  await signIn(manager, app.server.url, MANAGER);
}, 90_000);

screenshotOnFailure(() => [officer, manager]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

const url = (p: string) => app.server.url + p;
const panel = (page: Page) => page.getByRole('region', { name: /^Workflow/ });
const step = (page: Page, label: string) =>
  panel(page)
    .locator('ol > li')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${label}$`) }) });
const chip = (s: Locator) => s.locator('.MuiChip-root').first();

describe('the workflow panel', () => {
  it('lists the steps with their state, assignee and due date, above the form', async () => {
    await officer.goto(url(`/i-${caseId}`));
    await panel(officer).getByRole('heading', { name: 'Workflow: Heritage review' }).waitFor();
    await expect.poll(() => chip(step(officer, 'Receive')).textContent()).toBe('Active');
    expect(await chip(step(officer, 'Review')).textContent()).toBe('Not started');
    expect(await chip(step(officer, 'Answer')).textContent()).toBe('Not started');
    await step(officer, 'Receive').getByText('Assigned to Joseph Redcloud').waitFor();
    await step(officer, 'Review').getByText('Unassigned').waitFor();
    // The step's kind is named as such, not a bare "Confirm" that reads like a button.
    await step(officer, 'Receive').getByText('Step type: Confirm', { exact: true }).waitFor();
    // The engine's own properties are the panel's: the form below does not offer them.
    expect(await officer.getByRole('textbox', { name: /^Workflow/ }).count()).toBe(0);
    // Only the moves of the table: an ACTIVE step completes, skips or goes back to pending.
    const actions = step(officer, 'Receive').getByRole('group', { name: 'Actions of Receive' });
    expect(await actions.getByRole('button').allTextContents()).toEqual([
      'Complete',
      'Skip',
      'Back to pending',
      '',
    ]);
  });

  it('completes a step by keyboard; the next one starts, overdue in words', async () => {
    await step(officer, 'Receive').getByRole('button', { name: 'Complete' }).focus();
    await officer.keyboard.press('Enter');
    await expect.poll(() => chip(step(officer, 'Receive')).textContent()).toBe('Complete');
    await step(officer, 'Receive')
      .getByText(/^Completed by Joseph Redcloud on /)
      .waitFor();
    await expect.poll(() => chip(step(officer, 'Review')).textContent()).toBe('Active');
    const overdue = step(officer, 'Review').getByText(/^Overdue since /);
    await overdue.waitFor();
    // In the theme's error colour as well.
    const colour = await overdue.evaluate((el) => getComputedStyle(el).color);
    expect(colour).toMatch(/^rgb\((2[0-9]{2}), /);
    // The answer starts by hand: still not started.
    expect(await chip(step(officer, 'Answer')).textContent()).toBe('Not started');
    const wf = (await stored(app, caseId))._wf as { steps: { id: string; state: string }[] };
    expect(wf.steps.map((s) => s.state)).toEqual(['COMPLETE', 'ACTIVE', 'BLANK']);
  });

  it('assigns a step to a person of the organisation', async () => {
    await step(officer, 'Review').getByRole('button', { name: 'More actions for Review' }).click();
    await officer.getByRole('menuitem', { name: 'Assign…' }).click();
    const dialog = officer.getByRole('dialog', { name: 'Assign Review' });
    await dialog.getByRole('combobox', { name: /^Person/ }).fill('Anna');
    await officer.getByRole('option', { name: 'Anna Swiftwater' }).click();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialog.waitFor({ state: 'detached' });
    await step(officer, 'Review').getByText('Assigned to Anna Swiftwater').waitFor();
    expect((await stored(app, caseId))['_wf.$assigned']).toEqual([staffId]);
  });

  it('shows another person’s move live', async () => {
    await manager.goto(url(`/i-${caseId}`));
    await step(manager, 'Review').getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => chip(step(manager, 'Review')).textContent()).toBe('Complete');
    // The officer's screen follows without a reload.
    await expect
      .poll(() => chip(step(officer, 'Review')).textContent(), { timeout: 10_000 })
      .toBe('Complete');
    await step(officer, 'Answer').getByRole('button', { name: 'Start' }).waitFor();
  });

  it('clears the workflow from the force menu and starts it again by hand', async () => {
    await panel(officer).getByRole('button', { name: 'Force…' }).click();
    await officer.getByRole('menuitem', { name: 'Clear the workflow' }).click();
    const confirm = officer.getByRole('dialog', { name: 'Clear the workflow' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.waitFor({ state: 'detached' });
    await panel(officer).getByText('No workflow is running on this item.').waitFor();

    await panel(officer).getByRole('button', { name: 'Start a workflow' }).click();
    const start = officer.getByRole('dialog', { name: 'Start a workflow' });
    await start.getByRole('combobox', { name: /^Workflow/ }).click();
    await officer.getByRole('option', { name: 'Heritage review' }).click();
    await start.getByRole('button', { name: 'Start' }).click();
    await start.waitFor({ state: 'detached' });
    await expect.poll(() => chip(step(officer, 'Receive')).textContent()).toBe('Active');

    await axeCheck(officer, 'workflow-panel-light');
    await setDark(officer, true);
    await axeCheck(officer, 'workflow-panel-dark');
    await setDark(officer, false);
    await officer.setViewportSize({ width: 390, height: 844 });
    await officer.reload();
    await panel(officer).getByRole('heading', { name: 'Workflow: Heritage review' }).waitFor();
    await shot(officer, 'workflow-panel-phone');
  });
});
