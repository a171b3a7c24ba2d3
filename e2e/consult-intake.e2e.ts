import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellAt,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { SYSTEM } from '../src/server/access/principal';
import { axeCheck } from './helpers/axe';

// Issue 37, Deliver 1 and 3: an intake that never dead-ends. The lands officer logs a referral
// from the desk for a proponent the community has never recorded: the organisation and its
// contact are recorded inline, over the form; a reload, Escape and a closed tab lose nothing;
// the duplicate check finds the demo referral with the same file number (North Loop expansion,
// NP-2026-014), which is linked; the area is drawn on the basemap; the referral is saved and
// submitted, and the lands manager's bell rings. Northern Pipeline, whose contacts are its own,
// no longer blocks the proponent step.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PHONE = { width: 390, height: 844 };
const ORG = 'Tamarack Energy Ltd.';
const PROJECT = 'Kettle River bridge replacement';
const FILE_NUMBER = 'NP-2026-014';

let app: E2EApp;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
});

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function session(email: string, viewport?: { width: number; height: number }) {
  const context = await newContext(app, viewport ? { viewport } : {});
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, app.server.url, email);
  return { context, page };
}

const wizard = (page: Page) => page.getByRole('dialog', { name: 'New consultation' });

/** The desk, and its "Log a referral". */
async function logReferral(page: Page): Promise<Locator> {
  await page.goto(`${app.server.url}/consult.dashboard`);
  // The desk's calendar and cards are still arriving on a loaded machine: a longer wait.
  await page.getByRole('button', { name: 'Log a referral' }).click({ timeout: 30_000 });
  const dialog = wizard(page);
  await dialog.waitFor();
  return dialog;
}

/** The dialog's paper is within the window and nothing in it scrolls sideways. */
async function dialogFits(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((el) => {
    const paper = el.querySelector('.MuiDialog-paper') ?? el;
    const r = paper.getBoundingClientRect();
    return r.left >= 0 && r.right <= window.innerWidth && paper.scrollWidth <= paper.clientWidth;
  });
}

/** Next until the step's heading shows (a step's lazy fields may still be arriving). */
async function next(dialog: Locator, to: string) {
  const heading = dialog.getByText(new RegExp(`^Step \\d of 9: ${to}$`));
  for (let tries = 0; ; tries++) {
    await dialog.getByRole('button', { name: 'Next' }).click();
    if (
      await heading.waitFor({ timeout: 4000 }).then(
        () => true,
        () => false,
      )
    )
      return;
    if (tries === 2) throw new Error(`the guided form did not reach ${to}`);
  }
}

describe('logging a referral from the desk', () => {
  it('records a new proponent and its contact inline, keeps everything through Escape, a reload and a closed tab, warns of the duplicate, and submits', async () => {
    const { context, page } = await session(OFFICER);
    let dialog = await logReferral(page);
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
    dialog = await logReferral(page);
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
    dialog = await logReferral(tab);
    await dialog.getByText(/^Restored what you entered/).waitFor();
    expect(await dialog.getByRole('combobox', { name: /Proponent organisation/ }).inputValue()).toBe(ORG);
    await dialog.getByText('Step 2 of 9: Proponent').waitFor();

    for (const s of ['Supporting', 'Dates', 'Details', 'Project area']) await next(dialog, s);
    // The area, drawn on the basemap (which opens on the community's territory): four corners,
    // then the first again to close it.
    const canvas = dialog.locator('[data-geometry-editor] canvas');
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
    const { page: manager } = await session('lands.admin@riverbend.example');
    await manager.getByTestId('notification-bell').click();
    await manager
      .getByRole('menuitem', { name: new RegExp(`${PROJECT}.*Submitted to your community`) })
      .waitFor();
    await manager.keyboard.press('Escape');

    // Saved: the browser's copy is gone, and the form opens afresh.
    dialog = await logReferral(tab);
    await dialog.getByText('Step 1 of 9: Project').waitFor();
    expect(await dialog.getByText(/^Restored what you entered/).count()).toBe(0);
  });

  it('lets the proponent step go on for Northern Pipeline, whose contacts the community cannot see', async () => {
    const { page } = await session(OFFICER);
    const dialog = await logReferral(page);
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill('Pipeline valve upgrade');
    await next(dialog, 'Proponent');
    const orgPicker = dialog.getByRole('combobox', { name: /Proponent organisation/ });
    await orgPicker.click();
    // Only organisations that can propose: no community is offered.
    const options = page.getByRole('option');
    await options.first().waitFor();
    expect((await options.allInnerTexts()).join('|')).not.toMatch(/Riverbend First Nation/);
    await orgPicker.fill('Northern');
    await page.getByRole('option', { name: /Northern Pipeline/ }).click();
    await dialog
      .getByTestId('consult-no-contacts')
      .getByText(/has no contact your community can see/)
      .waitFor();
    await shot(page, 'intake-no-contacts');
    await next(dialog, 'Supporting');
    // Then Cancel with something typed: discarded, on purpose, and the draft goes with it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Close this referral?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await dialog.waitFor({ state: 'detached' });
    const again = await logReferral(page);
    await again.getByText('Step 1 of 9: Project').waitFor();
    expect(await again.getByRole('textbox', { name: /^Project name/ }).inputValue()).toBe('');
  });

  it('shows a proponent neither the places count nor the community’s referrals', async () => {
    const { page } = await session(PROPONENT);
    const dialog = await logReferral(page);
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill('North Loop phase 2');
    await dialog.getByRole('button', { name: /^Add to Identifiers/ }).click();
    await dialog.getByRole('textbox', { name: /^Identifiers \(file numbers, permits\) 1/ }).fill(FILE_NUMBER);
    await next(dialog, 'Proponent');
    // Their own organisation is chosen; they record no organisation (a community's staff do).
    expect(await dialog.getByRole('button', { name: 'New organisation…' }).count()).toBe(0);
    await dialog.getByRole('combobox', { name: /Proponent contacts/ }).click();
    await page.getByRole('option').first().click();
    for (const s of ['Supporting', 'Dates', 'Details', 'Project area', 'Community']) await next(dialog, s);
    await dialog.getByRole('combobox', { name: /Submitted to/ }).click();
    await page
      .getByRole('option', { name: /Riverbend/ })
      .first()
      .click();
    await next(dialog, 'Check');
    // North Loop expansion is theirs (a PROPONENT grant): the same number is found for them too.
    await dialog.locator('[data-referral]').filter({ hasText: 'North Loop expansion' }).waitFor();
    expect(await dialog.getByTestId('consult-places-count').count()).toBe(0);
  });
});

describe('the intake on every screen', () => {
  it('fits a phone and the dark theme', async () => {
    const { page } = await session(OFFICER, PHONE);
    let dialog = await logReferral(page);
    await dialog.getByText('Step 1 of 9: Project').waitFor();
    expect(await dialogFits(dialog)).toBe(true);
    await shot(page, 'intake-project-phone');
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill('Phone referral');
    await next(dialog, 'Proponent');
    await dialog.getByRole('button', { name: 'New organisation…' }).first().click();
    await page.getByRole('dialog', { name: 'Record an organisation' }).waitFor();
    expect(await dialogFits(page.getByRole('dialog', { name: 'Record an organisation' }))).toBe(true);
    await shot(page, 'intake-inline-org-phone');
    await page
      .getByRole('dialog', { name: 'Record an organisation' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Close this referral?' }).waitFor();
    await shot(page, 'intake-close-confirm-phone');
    await page
      .getByRole('dialog', { name: 'Close this referral?' })
      .getByRole('button', { name: 'Discard' })
      .click();

    const dark = await session(OFFICER);
    await dark.page.goto(`${app.server.url}/consult.dashboard`);
    await setDark(dark.page, true);
    dialog = await logReferral(dark.page);
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill('Dark referral');
    await dialog.getByRole('button', { name: /^Add to Identifiers/ }).click();
    await dialog
      .getByRole('textbox', { name: /^Identifiers \(file numbers, permits\) 1/ })
      .fill('np-2026-014');
    await next(dialog, 'Proponent');
    await dialog.getByRole('combobox', { name: /Proponent organisation/ }).fill('Northern');
    await dark.page.getByRole('option', { name: /Northern Pipeline/ }).click();
    await dialog.getByTestId('consult-no-contacts').waitFor();
    await shot(dark.page, 'intake-no-contacts-dark');
    for (const s of ['Supporting', 'Dates', 'Details', 'Project area', 'Community', 'Check'])
      await next(dialog, s);
    await dialog.getByTestId('consult-duplicate-warning').waitFor();
    await axeCheck(dark.page, 'intake check, dark');
    await shot(dark.page, 'intake-duplicate-dark');
    const phone = await session(OFFICER, PHONE);
    dialog = await logReferral(phone.page);
    await dialog.getByRole('textbox', { name: /^Project name/ }).fill('Phone check');
    await dialog.getByRole('button', { name: /^Add to Identifiers/ }).click();
    await dialog.getByRole('textbox', { name: /^Identifiers \(file numbers, permits\) 1/ }).fill(FILE_NUMBER);
    await next(dialog, 'Proponent');
    await dialog.getByRole('combobox', { name: /Proponent organisation/ }).fill('Northern');
    await phone.page.getByRole('option', { name: /Northern Pipeline/ }).click();
    await dialog.getByTestId('consult-no-contacts').waitFor();
    for (const s of ['Supporting', 'Dates', 'Details', 'Project area', 'Community', 'Check'])
      await next(dialog, s);
    await dialog.getByTestId('consult-duplicate-warning').waitFor();
    expect(await dialogFits(dialog)).toBe(true);
    await shot(phone.page, 'intake-duplicate-phone');
  });
});
