import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshotOnFailure, shot, signIn, startApp, type E2EApp } from './helpers/app';

// Gating by URL (issue 13): a screen opened by its address applies the rule the server applies
// (kernel/view-gate.ts, from the view's declaration) before it loads, and says so at once: no
// endless "Loading…", no editor that fails only on save, no "New contact" for someone who
// manages no organisation.

const NO_ACCESS = 'You do not have access';

let app: E2EApp;
let member: Page;
let officer: Page;
let admin: Page;

beforeAll(async () => {
  app = await startApp();
  member = await (await newContext(app)).newPage();
  officer = await (await newContext(app)).newPage();
  admin = await (await newContext(app)).newPage();
  await signIn(member, app.server.url, 'member@riverbend.example');
  await signIn(officer, app.server.url, 'lands.officer@riverbend.example');
  await signIn(admin, app.server.url, 'admin@riverbend.example');
}, 120_000);
screenshotOnFailure(() => [member, officer, admin]);
afterAll(async () => {
  await app?.close();
});

/** Opens `path` and expects the refusal within 2 s, with a way home and none of the screen. */
async function refused(page: Page, path: string) {
  await page.goto(app.server.url + path);
  const alert = page.getByTestId('no-access');
  await alert.getByRole('heading', { name: NO_ACCESS }).waitFor({ timeout: 2_000 });
  expect(await alert.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe('/home');
  // Nothing of the screen: no spinner left, no field, no save button.
  expect(await page.getByRole('progressbar').count()).toBe(0);
  expect(await page.getByRole('textbox').count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
}

describe('screens opened by URL', () => {
  it('refuse admin screens to a member at once, with a link home', async () => {
    for (const path of ['/admin.state', '/admin.systext', '/admin.menu-items', '/admin.capabilities'])
      await refused(member, path);
    await shot(member, 'url-gating-no-access');
    await member.getByRole('link', { name: 'Go to your home page' }).click();
    await member.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  });

  it('refuse the organisation screens to people who manage no organisation', async () => {
    for (const page of [member, officer]) {
      await refused(page, '/admin.owner');
      await refused(page, '/admin.contacts');
      expect(await page.getByRole('button', { name: 'New contact' }).count()).toBe(0);
    }
    // Editors keep their organisation's lists of values; members do not.
    await refused(member, '/admin.lovs');
    await officer.goto(app.server.url + '/admin.lovs');
    await officer.getByRole('button', { name: /^New / }).waitFor();
    expect(await officer.getByTestId('no-access').count()).toBe(0);
  });

  it('opens them for the site admin', async () => {
    await admin.goto(app.server.url + '/admin.systext');
    await admin.getByRole('textbox').first().waitFor();
    await admin.goto(app.server.url + '/admin.state');
    await admin.getByRole('heading', { name: /server running/ }).waitFor();
    expect(await admin.getByTestId('no-access').count()).toBe(0);
  });
});
