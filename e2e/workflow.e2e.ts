import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import {
  alertText,
  cell,
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
import { CASE_CAPABILITY, grantOrgCapability, idWhere, WORKFLOW_MODULES } from './workflow-fixture';

// The workflow designer, admin.workflows (spec capability-modules §2 "Admin"): shown to the
// holders of a capability with workflow-capable types; an editor creates a workflow, adds three
// steps, moves one by keyboard alone, saves, and after a reload finds it as saved. A failed save
// loses nothing. This file's own module (workflow-fixture.ts) declares the workflow-capable type.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';

let app: E2EApp;
const contexts: BrowserContext[] = [];
let officer: Page;
let proponent: Page;

beforeAll(async () => {
  app = await startApp({}, WORKFLOW_MODULES);
  const riverbend = await idWhere(app, 'Organization', 'displayName', 'Riverbend First Nation');
  await grantOrgCapability(app, riverbend, CASE_CAPABILITY);
  const a = await newContext(app);
  const b = await newContext(app);
  contexts.push(a, b);
  officer = await a.newPage();
  proponent = await b.newPage();
  await signIn(officer, app.server.url, OFFICER);
  await signIn(proponent, app.server.url, PROPONENT);
}, 90_000);

screenshotOnFailure(() => [officer, proponent]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

const url = (p: string) => app.server.url + p;
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Navigation' });
const designer = (page: Page) => cell(page, 'Workflows');
const editorOf = (page: Page, name: string) => designer(page).getByRole('region', { name });
/** A reload opens the list's first workflow by name (the demo's "Fieldwork job" sorts first). */
const openFromList = (page: Page, label: string) =>
  designer(page)
    .getByRole('button', { name: new RegExp(`^${label}`) })
    .click();
const steps = (editor: Locator) => editor.locator('ol > li');
const days = (step: Locator) => step.getByRole('spinbutton', { name: /^Days/ });
const headings = (editor: Locator) => steps(editor).locator('h4').allTextContents();

async function choose(scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option }).click();
}

describe('admin.workflows', () => {
  it('is offered to the holders of a capability with workflow-capable types, and refused to others', async () => {
    await drawer(officer).getByRole('link', { name: 'Workflows' }).waitFor();
    expect(await drawer(proponent).getByRole('link', { name: 'Workflows' }).count()).toBe(0);
    await proponent.goto(url('/admin.workflows'));
    await proponent.getByText('You do not have access').waitFor();
  });

  it('creates a workflow with three steps, moves one by keyboard, saves it, and reads it back', async () => {
    await officer.goto(url('/admin.workflows'));
    // The demo's own: Riverbend's default response workflow (the consult module's demo).
    await designer(officer).getByText('Referral response').first().waitFor();
    await designer(officer).getByRole('button', { name: 'New workflow' }).click();
    const dialog = officer.getByRole('dialog', { name: 'New workflow' });
    await field(dialog, 'Name').fill('Heritage review');
    await choose(dialog, /^Runs on/, /wf ?case/i);
    // The officer builds workflows for one organisation only: it is chosen already.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /^Organisation/ }).textContent())
      .toContain('Riverbend');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    const editor = editorOf(officer, 'Heritage review');
    await editor.getByText('No steps yet. Add the first one below.').waitFor();
    for (const label of ['Receive', 'Review', 'Answer']) {
      await editor.getByRole('button', { name: 'Add a step' }).click();
      // The new step's name field has the focus: type straight away.
      await expect.poll(() => officer.evaluate(() => document.activeElement?.id ?? '')).toMatch(/-label$/);
      await officer.keyboard.type(label);
    }
    expect(await headings(editor)).toEqual(['Step 1: Receive', 'Step 2: Review', 'Step 3: Answer']);

    // Step 2 goes to the organisation's staff, due 5 days after it starts.
    const review = steps(editor).nth(1);
    await choose(review, /^Default assignee/, 'A role in the organisation');
    await choose(review, /^Role/, 'Staff');
    await choose(review, /^Due/, 'After the step starts');
    await days(review).fill('5');
    // Step 3 is due two days before the case's decision date, and starts by hand.
    const answer = steps(editor).nth(2);
    await choose(answer, /^Due/, /decision date/i);
    await days(answer).fill('-2');
    await choose(answer, /^Starts/, 'When someone starts it');

    // Keyboard only: "Answer" up twice; the focus stays on its button as it moves.
    await editor.getByRole('button', { name: 'Move step 3 up' }).focus();
    await officer.keyboard.press('Enter');
    await expect
      .poll(() => headings(editor))
      .toEqual(['Step 1: Receive', 'Step 2: Answer', 'Step 3: Review']);
    await expect
      .poll(() => officer.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move step 2 up');
    await officer.keyboard.press('Enter');
    await expect
      .poll(() => headings(editor))
      .toEqual(['Step 1: Answer', 'Step 2: Receive', 'Step 3: Review']);
    await editor.getByRole('status').filter({ hasText: 'Step Answer is now step 1 of 3.' }).waitFor();
    // At the top "up" is off, so the focus moved to "down".
    await expect
      .poll(() => officer.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move step 1 down');

    await editor.getByText('Unsaved changes').waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await alertText(officer, 'Workflow saved.').waitFor();

    const id = await idWhere(app, 'Workflow', 'label', 'Heritage review');
    const saved = await stored(app, id);
    expect(saved.appliesTo).toBe('WfCase');
    expect(saved.steps).toEqual([
      {
        id: 'step-3',
        kind: 'WKF_CONFIRM',
        label: 'Answer',
        rule: 'manual',
        due: { days: -2, from: 'decisionDate' },
      },
      { id: 'step-1', kind: 'WKF_CONFIRM', label: 'Receive', rule: 'next' },
      {
        id: 'step-2',
        kind: 'WKF_CONFIRM',
        label: 'Review',
        rule: 'next',
        assignee: { role: 'staff' },
        due: { days: 5, from: 'start' },
      },
    ]);

    await officer.reload();
    await openFromList(officer, 'Heritage review');
    const again = editorOf(officer, 'Heritage review');
    await again.waitFor();
    expect(await headings(again)).toEqual(['Step 1: Answer', 'Step 2: Receive', 'Step 3: Review']);
    const reviewAgain = steps(again).nth(2);
    expect(await reviewAgain.getByRole('combobox', { name: /^Role/ }).textContent()).toContain('Staff');
    expect(await days(reviewAgain).inputValue()).toBe('5');
    expect(await again.getByText('Unsaved changes').count()).toBe(0);

    await axeCheck(officer, 'workflow-designer-light');
    await setDark(officer, true);
    await axeCheck(officer, 'workflow-designer-dark');
    await setDark(officer, false);
    await officer.setViewportSize({ width: 390, height: 844 });
    // One column on a phone: the designer fills the screen.
    await officer.reload();
    await openFromList(officer, 'Heritage review');
    await officer.getByRole('region', { name: 'Heritage review' }).waitFor();
    expect(await fitsWidth(officer)).toBe(true);
    await shot(officer, 'workflow-designer-phone');
    await officer.setViewportSize({ width: 1440, height: 900 });
    await officer.reload();
  });

  it('keeps every edit when a save fails, and says why', async () => {
    await openFromList(officer, 'Heritage review');
    const editor = editorOf(officer, 'Heritage review');
    await editor.waitFor();
    // A step without a name is refused before anything is sent.
    const first = steps(editor).nth(0);
    await field(first, 'Step name').fill('');
    await field(steps(editor).nth(1), 'Step name').fill('Receive the referral');
    await editor.getByRole('button', { name: 'Save' }).click();
    await alertText(officer, 'Some steps need attention: nothing was saved.').waitFor();
    await first.getByText('Give the step a name (at most 200 characters).').waitFor();
    expect(await field(steps(editor).nth(1), 'Step name').inputValue()).toBe('Receive the referral');

    // Someone else saves meanwhile: this save is refused as stale, and the edits stay.
    const id = await idWhere(app, 'Workflow', 'label', 'Heritage review');
    const now = (await stored(app, id)) as { $version: number };
    await app.server.app.services.items.update(SYSTEM, {
      $id: id,
      $version: now.$version,
      description: 'Changed elsewhere',
    });
    await field(first, 'Step name').fill('Answer the proponent');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('alert').filter({ hasText: 'Someone else saved this item first.' }).waitFor();
    expect(await field(first, 'Step name').inputValue()).toBe('Answer the proponent');
    expect(await field(steps(editor).nth(1), 'Step name').inputValue()).toBe('Receive the referral');
    expect(((await stored(app, id)).steps as { label: string }[]).map((s) => s.label)).toEqual([
      'Answer',
      'Receive',
      'Review',
    ]);
  });
});
