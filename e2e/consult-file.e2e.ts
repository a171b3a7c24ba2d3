import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { appWithPeople, cell, cellAt, field, fitsWidth, setDark, shot } from './helpers/app';
import { axeCheck } from './helpers/axe';

// The referral's file (issue 37 Deliver 4): the consultation's record holds its header (state,
// countdown, proponent, contact, file numbers, days on file) and one timeline of everything about
// it in words, with "Log a call" in place; the proponent's file of the same referral holds its
// own moves and nothing of the community's work.

const OFFICER = 'lands.officer@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';
const PHONE = { width: 390, height: 844 };
const REFERRAL = /Riverbend crossing replacement/;

const { app: appOf, person } = appWithPeople();

async function openReferral(page: Page) {
  await page.goto(`${appOf().server.url}/consult.projects`);
  await cell(page, 'Consultations').getByRole('link', { name: REFERRAL }).first().click();
  return cellAt(page, 1);
}

describe("the referral's file", () => {
  it('tells the lands officer the whole referral in words, and logs a call in place', async () => {
    const page = await person(OFFICER);
    const record = await openReferral(page);
    const summary = record.getByRole('region', { name: 'Consultation summary' });
    await summary.getByText('NP-2025-031').waitFor();
    await summary.getByText(/^On file (since today|for \d+ days?)$/).waitFor();

    // The mini-map of the project area (its features), over the basemap, with the summary in words.
    const area = record.getByRole('region', { name: 'Area' });
    await area.getByText(/^Area, \d+ points, [\d.]+ km²$/).waitFor();
    await area
      .getByRole('region', { name: /^Map of the area\./ })
      .or(area.locator('[data-area-map]'))
      .first()
      .waitFor();

    const file = record.getByRole('region', { name: /The file/ });
    const list = file.getByRole('list', { name: 'The file' });
    await list
      .getByText('Joseph Redcloud logged “Call with Karen Walsh about the drilling schedule”')
      .waitFor();
    await list.getByText(/moved the referral to Consulting/).waitFor();
    // Names, never ids.
    expect(await list.innerText()).not.toMatch(/\b(User|Contact|Organization)-\d+\b/);

    await file.getByRole('button', { name: 'Log a call' }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Subject').fill('Called Tom about the crossing survey');
    await dialog.getByRole('button', { name: /^(Create|Save)$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    // The new call log opens beside the record; the file says it at once.
    await list.getByText('Joseph Redcloud logged “Called Tom about the crossing survey”').waitFor();
    await axeCheck(page, 'consult-file');
    await shot(page, 'consult-file');
    await setDark(page, true);
    await axeCheck(page, 'consult-file-dark');
    await shot(page, 'consult-file-dark');
  });

  it('drafts the letter from the file, asks before an edit is lost, and opens the response', async () => {
    const page = await person(OFFICER);
    const record = await openReferral(page);
    const file = record.getByRole('region', { name: /The file/ });
    await file.getByRole('button', { name: 'Draft a letter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Draft a letter' });
    await dialog.getByRole('button', { name: 'Draft the letter' }).click();
    // The community's template, filled: the subject names the project.
    const subject = dialog.getByRole('textbox', { name: 'Subject' });
    await expect.poll(() => subject.inputValue()).toMatch(REFERRAL);
    const body = dialog.getByTestId('letter-body');
    const added = 'The Elders ask for a site visit before any work.';
    await body.fill(`${await body.inputValue()}\n\n${added}`);
    // The edit is seen as unsaved (Save is offered) before Escape is tried.
    await expect.poll(() => dialog.getByRole('button', { name: 'Save letter' }).isEnabled()).toBe(true);
    // Escape with the edit unsaved asks first; keeping on loses nothing.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Close without saving the letter?' });
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await body.inputValue()).toContain(added);
    await axeCheck(page, 'consult-file-draft-letter');
    await dialog.getByRole('button', { name: 'Save letter' }).click();
    await page.getByText('Letter saved.').waitFor();
    const services = appOf().server.app.services;
    const found = await services.search.search(SYSTEM, { must: { _t: ['ResponseLetter'] }, max: 10 });
    const letters = [...(await services.items.readRows(found.ids)).values()];
    expect(letters.map((l) => [l.data.state, String(l.data.body).includes(added)])).toEqual([
      ['DRAFT', true],
    ]);

    // Saved, it closes without asking; "Open the response" opens the response beside the record.
    await dialog.getByRole('button', { name: 'Open the response' }).click();
    await dialog.waitFor({ state: 'detached' });
    await cellAt(page, 2).getByRole('heading', { level: 3, name: REFERRAL }).waitFor();
  });

  it("gives the proponent its own referral's moves and nothing of the community's work", async () => {
    const page = await person(PROPONENT);
    const record = await openReferral(page);
    const list = record.getByRole('list', { name: 'The file' });
    await list.getByText(/logged the referral/).waitFor();
    const text = await list.innerText();
    expect(text).not.toContain('Call with Karen Walsh');
    expect(text).not.toContain('Site visit');
    expect(text).not.toContain('opened the response');
    // Calls and letters are the community's.
    expect(await record.getByRole('button', { name: 'Log a call' }).count()).toBe(0);
    expect(await record.getByRole('button', { name: 'Draft a letter' }).count()).toBe(0);
  });

  it('fits a phone', async () => {
    const page = await person(OFFICER, PHONE);
    const record = await openReferral(page);
    await record
      .getByRole('list', { name: 'The file' })
      .getByText(/logged the referral/)
      .waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, 'consult-file-phone');
  });
});

describe('time, expenses and the invoice', () => {
  it("shows the response's costs, previews the invoice and sends it to the proponent", async () => {
    const page = await person(OFFICER);
    await page.goto(`${appOf().server.url}/consult.responses`);
    await cell(page, 'Responses').getByRole('link', { name: REFERRAL }).first().click();
    const record = cellAt(page, 1);
    const costs = record.getByRole('region', { name: /Time and expenses/ });
    await costs.getByText('Walked the river bank with the lands officer').waitFor();
    await costs.getByRole('button', { name: 'Send an invoice…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the invoice to the proponent' });
    await dialog.getByText(/^Total due: \$[\d,]+\.\d\d$/).waitFor();
    await dialog.getByRole('list', { name: 'It goes to' }).getByText('Northern Pipeline Corp.').waitFor();
    await axeCheck(page, 'consult-invoice-dialog');
    await shot(page, 'consult-invoice-dialog');
    await dialog.getByRole('button', { name: 'Send the invoice' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The sent thread opens beside the response.
    await cellAt(page, 2)
      .getByText(/^Invoice: Riverbend crossing replacement/)
      .first()
      .waitFor();

    const proponent = await person(PROPONENT);
    await proponent.goto(`${appOf().server.url}/conversations`);
    await proponent
      .getByText(/^Invoice: Riverbend crossing replacement/)
      .first()
      .waitFor();
  });
});
