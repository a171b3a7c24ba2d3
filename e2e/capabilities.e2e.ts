import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../src/kernel/module';
import { MODULES } from '../src/modules';
import { SYSTEM } from '../src/server/access/principal';
import {
  alertText,
  newContext,
  setDark,
  screenshotOnFailure,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// Capabilities as an admin grants them (spec core §3, issue 12 §6): the admin.capabilities grid
// of organisations and users × registered capabilities; a toggle saves at once, and a member of
// the organisation gets the new session live (the menu is built from it). Only Core is
// registered by the modules so far, so this file's own module registers two capabilities.
// Screenshots (light, dark, phone) go to /tmp/shots-d/.

const ADMIN = 'admin@riverbend.example';
const MEMBER = 'member@riverbend.example';
const SHOTS = '/tmp/shots-d';
const capsModule = defineModule({ id: 'e2ecaps', types: [], capabilities: ['Research', 'Vocab'] });

let app: E2EApp;
const contexts: BrowserContext[] = [];
let admin: Page;
let member: Page;

beforeAll(async () => {
  app = await startApp({}, [...MODULES, capsModule]);
  const a = await newContext(app);
  const m = await newContext(app);
  contexts.push(a, m);
  admin = await a.newPage();
  member = await m.newPage();
  await signIn(admin, app.server.url, ADMIN);
  await signIn(member, app.server.url, MEMBER);
}, 120_000);

screenshotOnFailure(() => [admin, member]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

const url = (p: string) => app.server.url + p;
const navCaps = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigation' }).first().getAttribute('data-capabilities');
const grid = (page: Page) => page.getByRole('table', { name: 'Capabilities of Organisations' });

describe('admin.capabilities', () => {
  it('is in the administration menu for admins only', async () => {
    await admin.getByRole('link', { name: 'Capabilities' }).waitFor();
    expect(await member.getByRole('link', { name: 'Capabilities' }).count()).toBe(0);
  });

  it("grants an organisation's capability, live in a member's session, and revokes it", async () => {
    await admin.goto(url('/admin.capabilities'));
    const table = grid(admin);
    await table.waitFor();
    // Registered capabilities are the columns; Core is always on and not editable.
    for (const c of ['Core', 'Research', 'Vocab'])
      await table.getByRole('columnheader', { name: c, exact: true }).waitFor();
    await admin.getByLabel('Search by name').fill('Riverbend');
    const research = table.getByRole('checkbox', { name: 'Research for Riverbend First Nation' });
    await research.waitFor();
    expect(
      await table.getByRole('checkbox', { name: 'Core for Riverbend First Nation: always on' }).isDisabled(),
    ).toBe(true);
    // What Riverbend holds already (Core, and the demo's consultation capabilities), then Research.
    const before = (await navCaps(member)) ?? '';
    expect(before.split(' ')).not.toContain('Research');
    const withResearch = [...before.split(' '), 'Research'].sort().join(' ');

    await research.check();
    await expect.poll(() => research.isChecked()).toBe(true);
    await expect.poll(() => navCaps(member), { timeout: 10_000 }).toBe(withResearch);
    // Saved, not only shown: a reload reads it back.
    await admin.reload();
    await admin.getByLabel('Search by name').fill('Riverbend');
    await expect.poll(() => research.isChecked()).toBe(true);
    await admin.screenshot({ path: `${SHOTS}/capabilities-light.png` });

    await research.uncheck();
    await expect.poll(() => research.isChecked()).toBe(false);
    await expect.poll(() => navCaps(member), { timeout: 10_000 }).toBe(before);
  });

  it("grants a user's own capability from the Users list", async () => {
    await admin.getByRole('button', { name: 'Users' }).click();
    const table = admin.getByRole('table', { name: 'Capabilities of Users' });
    await admin.getByLabel('Search by name').fill('Mary');
    // The filter applies after a pause: wait for it, not just for rows (the unfiltered list has
    // rows too, and its first one leaves when the filter lands).
    await expect
      .poll(async () => {
        const names = await table.getByRole('rowheader').allInnerTexts();
        return names.length > 0 && names.every((n) => /Mary/.test(n));
      })
      .toBe(true);
    const name = (await table.getByRole('rowheader').first().innerText()).trim();
    const vocab = table.getByRole('checkbox', { name: `Vocab for ${name}` });
    await vocab.check();
    await expect.poll(() => vocab.isChecked()).toBe(true);
    await vocab.uncheck();
    await expect.poll(() => vocab.isChecked()).toBe(false);
  });

  it('rolls the checkbox back and says why when the server refuses', async () => {
    const items = app.server.app.services.items;
    const gone = (
      await items.create(SYSTEM, 'Organization', { displayName: 'Lakeshore Trust', type: 'COMMUNITY' })
    ).$id;
    await admin.getByRole('button', { name: 'Organisations' }).click();
    await admin.getByLabel('Search by name').fill('Lakeshore');
    const box = grid(admin).getByRole('checkbox', { name: 'Research for Lakeshore Trust' });
    await box.waitFor();
    // Deleted meanwhile (another admin): the save fails, the box is unchecked again.
    await items.delete(SYSTEM, gone);
    await box.click();
    await alertText(admin, 'Not found.').waitFor();
    await expect.poll(() => box.isChecked()).toBe(false);
  });

  it('reads well in dark mode and on a phone', async () => {
    await admin.getByRole('button', { name: 'Organisations' }).click();
    await admin.getByLabel('Search by name').fill('');
    await setDark(admin, true);
    await grid(admin).waitFor();
    await admin.screenshot({ path: `${SHOTS}/capabilities-dark.png` });
    await setDark(admin, false);

    const phone = await newContext(app, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(phone);
    const page = await phone.newPage();
    await signIn(page, app.server.url, ADMIN);
    await page.goto(url('/admin.capabilities'));
    await grid(page).waitFor();
    // The grid scrolls inside its own container; the page itself never gets wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/capabilities-phone.png` });
  });
});
