import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshotOnFailure, setDark, shot, signIn, startApp, type E2EApp } from './helpers/app';
import { axeCheck } from './helpers/axe';
import { dialogFits, logReferral as logIn, next } from './helpers/intake';

// Issue 37, Deliver 1 and 3: an intake that never dead-ends, beyond the whole journey (which
// consult-referral-journey.e2e.ts walks from the desk's "Log a referral" to a sent letter).
// Northern Pipeline, whose contacts are its own, no longer blocks the proponent step; Cancel
// with something typed discards it on purpose; a proponent is shown neither the places count nor
// the community's referrals; the form fits a phone and the dark theme.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PHONE = { width: 390, height: 844 };
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

const logReferral = (page: Page) => logIn(app, page);

describe('logging a referral from the desk', () => {
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
