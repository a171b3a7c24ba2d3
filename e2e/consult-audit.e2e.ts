import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { SYSTEM } from '../src/server/access/principal';
import {
  cell,
  fitsWidth,
  newContext,
  setDark,
  shot,
  signedInPage,
  signIn,
  type SignedIn,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// Issue 16 "consult.audit" and "Done when: the audit showing a private read": the lands officer
// opens a private communication-log entry, and consult.audit shows that open beside the events
// of the desk's items; its filters narrow the rows; the CSV of the filtered rows downloads; an
// entry an admin wrote while acting as the officer says so. Axe in light and dark, and a phone.
// The server is asked directly only to set up the private entry and the masqueraded write, and to
// write the queued opens now rather than within the next quarter second.

const OFFICER = 'lands.officer@riverbend.example';
const OFFICER_NAME = 'Joseph Redcloud';
const PRIVATE_SUBJECT = 'Elders’ counsel on the haul road, in confidence';
const MASKED_SUBJECT = 'Call logged for the officer by the site admin';

let s!: SignedIn;
signedInPage(OFFICER, (x) => (s = x));

let privateId = '';

const auditCell = (page: Page) => cell(page, 'Audit');
const table = (page: Page) => auditCell(page).getByRole('table', { name: 'Audit entries' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

async function setUp() {
  const { items, search } = s.app.server.app.services;
  const user = async (email: string) =>
    (await search.search(SYSTEM, { must: { _t: ['User'], email: [email] }, max: 1 })).ids[0]!;
  const officer = await user(OFFICER);
  const admin = await user('admin@riverbend.example');
  const riverbend = (
    await search.search(SYSTEM, { must: { _t: ['Organization'], displayName: ['Riverbend First Nation'] } })
  ).ids[0]!;
  // The officer's own private note (its creator reads it; so do Riverbend's orgAdmins).
  privateId = (
    await items.create(
      SYSTEM,
      'CommLog',
      { subject: PRIVATE_SUBJECT, date: '2026-11-23T16:00:00.000Z' },
      { owner: riverbend, access: 'PRIVATE', actor: officer },
    )
  ).$id;
  // What the admin does while masquerading as the officer: the officer's rights, the admin's name.
  const masked = (await loadPrincipal(items.db, officer, admin))!;
  await items.create(masked, 'CommLog', { subject: MASKED_SUBJECT, date: '2026-11-24T09:00:00.000Z' });
}

describe('consult.audit', () => {
  it('shows the officer’s open of a private entry, and who acted as whom', async () => {
    await setUp();
    const { page } = s;
    await page.goto(`${s.app.server.url}/i-${privateId}`);
    await page.getByText(PRIVATE_SUBJECT).first().waitFor();
    await s.app.server.app.services.items.readAudit.flush();

    await page.goto(`${s.app.server.url}/consult.audit`);
    await table(page).waitFor();
    const opened = bodyRows(page).filter({ hasText: 'Opened (private)' });
    await opened.first().waitFor();
    await expect.poll(() => opened.first().textContent()).toContain(PRIVATE_SUBJECT);
    expect(await opened.first().textContent()).toContain(OFFICER_NAME);
    const masked = bodyRows(page).filter({ hasText: MASKED_SUBJECT });
    expect(await masked.first().textContent()).toContain(`Site Administrator as ${OFFICER_NAME}`);
    await shot(page, 'consult-audit');
  });

  it('narrows by kind, person, consultation and dates', async () => {
    const { page } = s;
    const c = auditCell(page);
    await c.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: 'Opened (private)' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    expect(await bodyRows(page).first().textContent()).toContain(PRIVATE_SUBJECT);
    await c.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(1);

    const person = c.getByRole('combobox', { name: 'Person' });
    await person.fill('Redcl');
    await page.getByRole('option', { name: OFFICER_NAME }).click();
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(0);
    const whos = await bodyRows(page).locator('td:nth-child(2)').allTextContents();
    expect(whos.every((w) => w.includes(OFFICER_NAME))).toBe(true);
    await c.getByRole('button', { name: 'Clear filters' }).click();

    // The demo's consultations: the audit of one holds its own events only.
    const consultation = c.getByRole('combobox', { name: 'Consultation' });
    await consultation.fill('North Loop');
    const first = page.getByRole('option').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(0);
    expect(await bodyRows(page).filter({ hasText: PRIVATE_SUBJECT }).count()).toBe(0);
    expect(name.length).toBeGreaterThan(0);
    await c.getByRole('button', { name: 'Clear filters' }).click();

    await c.getByLabel('From').fill('2099-01-01');
    await c.getByText('Nothing recorded matches these filters.').waitFor();
    await c.getByRole('button', { name: 'Clear filters' }).click();
    await table(page).waitFor();
  });

  it('downloads consult-audit.csv with the filtered rows', async () => {
    const { page } = s;
    const c = auditCell(page);
    await c.getByRole('combobox', { name: 'What' }).click();
    await page.getByRole('option', { name: 'Opened (private)' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      c.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('consult-audit.csv');
    const file = await download.path();
    const lines = readFileSync(file, 'utf8').trim().split('\r\n');
    expect(lines[0]).toMatch(/^at,kind,what,item,/);
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('Opened (private)');
    expect(lines[1]).toContain(privateId);
    expect(lines[1]).toContain(OFFICER_NAME);
    await c.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('passes axe in light and dark, and fits a phone', async () => {
    const { page } = s;
    await table(page).waitFor();
    await axeCheck(page, 'consult-audit-light');
    await setDark(page, true);
    await axeCheck(page, 'consult-audit-dark');
    await shot(page, 'consult-audit-dark');
    await setDark(page, false);

    const phoneCtx = await newContext(s.app, { viewport: { width: 390, height: 844 } });
    try {
      const phone = await phoneCtx.newPage();
      await signIn(phone, s.app.server.url, OFFICER);
      await phone.goto(`${s.app.server.url}/consult.audit`);
      await table(phone).waitFor();
      await bodyRows(phone).first().waitFor();
      expect(await fitsWidth(phone)).toBe(true);
      await axeCheck(phone, 'consult-audit-phone');
      await shot(phone, 'consult-audit-phone');
    } finally {
      await phoneCtx.close();
    }
  });
});
