import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cellAt,
  field,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// axe-core on every screen there is so far, in light and dark mode. Serious and critical
// violations fail the test; the rest are printed for the record.

const AXE = path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

let app: E2EApp;
const contexts: BrowserContext[] = [];
let current: Page | undefined;
const report: string[] = [];
let checks = 0;

beforeAll(async () => {
  app = await startApp();
});

screenshotOnFailure(() => [current]);

afterAll(async () => {
  console.log(
    report.length
      ? [`axe-core, ${checks} checks; minor and moderate violations (not failing):`, ...report].join('\n')
      : `axe-core, ${checks} checks: no violations of any impact.`,
  );
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function context(opts: { dark?: boolean; cookieNotice?: boolean } = {}): Promise<Page> {
  const c = await newContext(app, {
    colorScheme: opts.dark ? 'dark' : 'light',
    cookieNotice: opts.cookieNotice ?? false,
  });
  contexts.push(c);
  current = await c.newPage();
  return current;
}

/** Runs axe once the page has stopped moving; fails on serious or critical violations. */
async function check(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  // Transitions end; endless animations (a spinner) do not count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await shot(page, `a11y-${name}`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  checks++;
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as AxeViolation[];
  const line = (v: AxeViolation) =>
    `  ${name}: [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(', ')}`;
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  report.push(
    ...violations
      .filter((v) => !blocking.includes(v))
      .map((v) => `${line(v)}\n${v.nodes.map((n) => `    ${n.html.slice(0, 160)}`).join('\n')}`),
  );
  const detail = (v: AxeViolation) =>
    `${line(v)}\n${v.nodes.map((n) => `    ${n.html}\n      ${n.failureSummary ?? ''}`).join('\n')}`;
  expect(blocking.map(detail).join('\n')).toBe('');
}

async function setDark(page: Page, on: boolean) {
  const menu = await openUserMenu(page);
  const toggle = menu.getByRole('menuitemcheckbox', { name: 'Dark mode' });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) {
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(on));
  }
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  // Focus and pointer leave the menu button, whose tooltip would otherwise be in every check.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(700, 600);
  await page.getByRole('tooltip').waitFor({ state: 'detached' });
}

for (const mode of ['light', 'dark'] as const) {
  describe(`${mode} mode`, () => {
    const dark = mode === 'dark';

    it('signed-out pages: sign-in (with the cookie notice), register, forgot password, privacy policy', async () => {
      const page = await context({ dark, cookieNotice: true });
      await page.goto(app.server.url + '/sign-in');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.getByRole('region', { name: 'About cookies' }).waitFor();
      await check(page, `${mode}-sign-in`);

      await page.goto(app.server.url + '/register');
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      await check(page, `${mode}-register`);

      await page.goto(app.server.url + '/forgot-password');
      await page.getByRole('button', { name: 'Send link' }).waitFor();
      await check(page, `${mode}-forgot-password`);

      await page.goto(app.server.url + '/privacy-policy');
      await page.getByRole('heading', { level: 2, name: 'Cookies' }).waitFor();
      await check(page, `${mode}-privacy-policy-signed-out`);
    });

    it('signed in: home, an editable item, columns, privacy policy', async () => {
      const page = await context({ dark });
      await signIn(page, app.server.url, 'lands.officer@riverbend.example');
      await setDark(page, dark);
      await page.getByRole('link', { name: 'Riverbend First Nation' }).waitFor();
      await check(page, `${mode}-home`);

      await page.goto(app.server.url + '/i-Thread-3');
      await field(cellAt(page, 0), 'Subject').waitFor();
      await check(page, `${mode}-item-editable`);

      await page.goto(app.server.url + '/i-Organization-1/i-Agreement-2/i-Thread-3');
      await field(cellAt(page, 2), 'Subject').waitFor();
      await field(cellAt(page, 1), 'Title').waitFor();
      await field(cellAt(page, 0), 'Display name').waitFor();
      await check(page, `${mode}-columns`);

      await page.goto(app.server.url + '/privacy-policy');
      await page.getByRole('heading', { level: 2, name: 'Cookies' }).waitFor();
      await check(page, `${mode}-privacy-policy`);
    });

    it('signed in: the notification bell menu, /notifications and a conversation', async () => {
      const page = await context({ dark });
      await signIn(page, app.server.url, 'lands.officer@riverbend.example');
      await setDark(page, dark);
      await page.getByTestId('notification-bell').click();
      await page.getByRole('menuitem', { name: 'View all notifications' }).waitFor();
      await check(page, `${mode}-notification-bell`);
      await page.keyboard.press('Escape');
      await page.goto(app.server.url + '/notifications');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      await check(page, `${mode}-notifications`);
      await page.goto(app.server.url + '/conversations?c0=Thread-3');
      await page.getByRole('textbox', { name: 'Your reply' }).waitFor();
      await check(page, `${mode}-conversation`);
    });

    it('signed in read-only: an item the member may not change', async () => {
      const page = await context({ dark });
      await signIn(page, app.server.url, 'member@riverbend.example');
      await setDark(page, dark);
      await page.goto(app.server.url + '/i-Agreement-2');
      await page.getByText('You can read this item but not change it.').waitFor();
      await check(page, `${mode}-item-read-only`);
    });
  });
}
