import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { shot } from './app';

// axe-core in the page, once it has stopped moving. Serious and critical violations fail the
// test; the rest go to the caller's report, printed for the record.

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

/**
 * The rules whose outcome depends on colour. Dark mode changes the palette and nothing else (the
 * same DOM, roles, names and order), so in dark mode only these run: the other rules' findings
 * are the light run's, and running them again was most of the browser tests' axe time (1.2 s a
 * view for all rules, 0.14 s for these, measured on eight views).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core over the page as it is now (injected once per page); in dark mode (the `color-scheme`
 * the app's CssBaseline sets on <html>), the colour rules only.
 */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return (await page.evaluate(async (colourRules) => {
    const axe = (
      window as unknown as {
        axe: { run(options?: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const dark = getComputedStyle(document.documentElement).colorScheme === 'dark';
    return (await axe.run(dark ? { runOnly: { type: 'rule', values: colourRules } } : {})).violations;
  }, COLOUR_RULES)) as AxeViolation[];
}

/**
 * The serious and critical findings on the page as it is now, one line each (`id: html | …`),
 * for a test that asserts on them itself (no screenshot, no waiting).
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  return (await runAxe(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

/** Waits for fonts and transitions (endless animations such as a spinner do not count). */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * A screenshot named `name`, then axe-core over the whole page. Minor and moderate findings are
 * pushed to `report` (when given); serious and critical ones fail with their nodes.
 */
export async function axeCheck(page: Page, name: string, report?: string[]): Promise<void> {
  await settled(page);
  await shot(page, name);
  const violations = await runAxe(page);
  const line = (v: AxeViolation) =>
    `  ${name}: [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(', ')}`;
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  report?.push(
    ...violations
      .filter((v) => !blocking.includes(v))
      .map((v) => `${line(v)}\n${v.nodes.map((n) => `    ${n.html.slice(0, 160)}`).join('\n')}`),
  );
  const detail = (v: AxeViolation) =>
    `${line(v)}\n${v.nodes.map((n) => `    ${n.html}\n      ${n.failureSummary ?? ''}`).join('\n')}`;
  expect(blocking.map(detail).join('\n')).toBe('');
}

const scheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

/**
 * axeCheck on the screen as it is, in light mode and then in dark, switched in place
 * (emulateMedia, no page load): for a person who has chosen no mode, whose app follows the
 * system's colour scheme (App.tsx). Dark runs the colour rules only (runAxe).
 */
export async function axeBothModes(page: Page, name: string, report?: string[]): Promise<void> {
  await axeCheck(page, `${name}-light`, report);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => scheme(page)).toBe('dark');
  await axeCheck(page, `${name}-dark`, report);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => scheme(page)).toBe('light');
}
