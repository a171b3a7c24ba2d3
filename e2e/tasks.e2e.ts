import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshotOnFailure, shot, signIn, startApp, type E2EApp } from './helpers/app';

// Background tasks in a real browser: an export started from the search page, its progress and
// download in the help menu; a simulated task stopped with the confirmation; both survive a reload.

const OFFICER = 'lands.officer@riverbend.example';
const ADMIN = 'admin@riverbend.example';

let app: E2EApp;
let dataDir: string;
const contexts: BrowserContext[] = [];
let officer: Page;
let admin: Page;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-e2e-tasks-'));
  app = await startApp({ dataDir });
  for (const email of [OFFICER, ADMIN]) {
    const c = await newContext(app, { acceptDownloads: true });
    contexts.push(c);
    const page = await c.newPage();
    await signIn(page, app.server.url, email);
    if (email === OFFICER) officer = page;
    else admin = page;
  }
});

screenshotOnFailure(() => [officer, admin]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const helpButton = (page: Page) => page.getByRole('button', { name: 'Help' });
const menu = (page: Page) => page.getByRole('menu');

describe('background tasks', () => {
  it('exports the search results as CSV and downloads them from the help menu', async () => {
    await officer.goto(app.server.url + '/search?c0=referral');
    const results = officer.locator('section[data-cell-index="0"]');
    await results.getByRole('status').first().waitFor();
    await results.getByRole('button', { name: 'Export CSV' }).click();
    await officer.getByText('The export has started. Follow it in the Help menu.').waitFor();
    await helpButton(officer).click();
    const item = menu(officer).getByRole('menuitem', { name: 'Download CSV export' });
    await item.waitFor({ timeout: 20_000 });
    await officer.waitForTimeout(400); // the menu's opening transition
    await shot(officer, 'tasks-help-menu-export-done');
    const popup = officer.context().waitForEvent('page');
    const download = officer.waitForEvent('download');
    await item.click();
    // The result opens in a new window (the token cookie authorises it); the browser saves it.
    const [file] = await Promise.all([download, popup.catch(() => null)]);
    expect(file.suggestedFilename()).toBe('export.csv');
    const saved = await file.path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(saved, 'utf8');
    expect(text.split('\r\n')[0]).toMatch(/^id,type,label/);
    expect(text).toContain('Thread-');
  });

  it('shows a running task with its progress, keeps it after a reload, and stops it after a confirmation', async () => {
    const started = await admin.evaluate(async () => {
      // The admin-only simulateTask, started as any client would (no screen offers it).
      const token = localStorage.getItem('Access-Token');
      const r = await fetch('/api/item', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ o: 'act/simulateTask/async', b: { seconds: 60 } }),
      });
      return ((await r.json()) as { data: { key: string } }).data;
    });
    expect(started.key).toBeTruthy();
    // Started elsewhere: a reload lists it from the session's activeTasks.
    await admin.reload();
    await admin.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await helpButton(admin).click();
    const running = menu(admin).getByRole('menuitem', {
      name: /^Simulated task \d+ % done — select to stop/,
    });
    await running.waitFor();
    const bar = running.getByRole('progressbar', { name: 'Progress of Simulated task' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await admin.waitForTimeout(400);
    await shot(admin, 'tasks-help-menu-running');
    await running.click();
    const dialog = admin.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByText('Stop this task? Work done so far may be lost.').waitFor();
    await admin.waitForTimeout(400);
    await shot(admin, 'tasks-kill-confirm');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await helpButton(admin).click();
    await menu(admin)
      .getByRole('menuitem', { name: /^Simulated task Stopped — select to remove/ })
      .waitFor();
    await admin.waitForTimeout(400);
    await shot(admin, 'tasks-help-menu-stopped');
    await admin.keyboard.press('Escape');
    const task = await app.server.app.services.tasks.started(
      { userId: null, admin: true, orgs: new Map(), masqueradeFrom: null },
      started.key,
      true,
    );
    expect(task?.data.errorKey).toBe('cancelled');
  });
});
