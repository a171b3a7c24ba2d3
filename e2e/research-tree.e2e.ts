import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import {
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// The family tree (issue 18 "Genealogy"; docs/research-tree.md) in a real browser, on the demo
// family: the researcher opens Nathan Thomas, adopted by George and Alice Thomas, and sees his
// adoptive parents and his biological mother together, each line with its kind in words; his
// biological father's record is PRIVATE, so he is "someone you may not see" and nothing more.
// The keyboard walks to a parent and opens her record; the tree downloads as SVG and PNG. A
// community member and a proponent cannot reach it. Light, dark and phone pictures; axe.

const RESEARCHER = 'researcher@riverbend.example';
const MEMBER = 'member@riverbend.example';
const PROPONENT = 'proponent@northernpipeline.example';

let app: E2EApp;
const contexts: BrowserContext[] = [];
let researcher: Page;
const ids: Record<string, string> = {};

async function person(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, { acceptDownloads: true, ...(viewport ? { viewport } : {}) });
  contexts.push(c);
  const p = await c.newPage();
  await signIn(p, app.server.url, email);
  return p;
}

async function memberId(fullName: string): Promise<string> {
  const rows = await query<{ id: string }>(
    app.server.app.services.items.db,
    sql`select id from items where type = 'CommunityMember' and data->>'fullName' = ${fullName}`,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

beforeAll(async () => {
  app = await startApp();
  for (const name of ['Nathan Thomas', 'Alice Thomas', 'Marie Bighorn', 'Kevin Stone'])
    ids[name] = await memberId(name);
  researcher = await person(RESEARCHER);
}, 120_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

const tree = (p: Page) => p.getByTestId('research-tree');
const personLink = (p: Page, name: RegExp) => tree(p).getByRole('link', { name });

async function openNathan(p: Page) {
  await p.goto(`${app.server.url}/i-${ids['Nathan Thomas']}`);
  await personLink(p, /^Nathan Thomas, .*at the centre of this tree$/).waitFor({ timeout: 20_000 });
}

const activeName = (p: Page) => p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

describe('the family tree', () => {
  it('shows the adoptive and the biological parents together, each line with its kind', async () => {
    await openNathan(researcher);
    const t = tree(researcher);
    await personLink(
      researcher,
      /^George Thomas, born 11 February 1938, died 2010, adoptive parent$/,
    ).waitFor();
    await personLink(researcher, /^Alice Thomas, born 23 July 1945, adoptive parent$/).waitFor();
    await personLink(researcher, /^Marie Bighorn, born 8 November 1952, biological parent$/).waitFor();
    await t.getByRole('img', { name: 'Someone you may not see, biological parent' }).waitFor();
    // The lines say their kind in words, not by pattern alone.
    expect(
      await t
        .locator('svg[role="group"] g[data-link-label] text')
        .filter({ hasText: /^Adoptive$/ })
        .count(),
    ).toBe(2);
    expect(
      await t
        .locator('svg[role="group"] g[data-link-label] text')
        .filter({ hasText: /^Biological$/ })
        .count(),
    ).toBeGreaterThanOrEqual(2);
    // Imprecise dates as recorded, four generations up.
    await personLink(
      researcher,
      /^Joseph Thomas, Kwálitsa, born about 1884, died 1951, biological parent of Albert Thomas$/,
    ).waitFor();
    // Nothing of the PRIVATE father reaches the page.
    const html = await researcher.content();
    expect(html).not.toContain('Kevin');
    expect(html).not.toContain('1950-04-27');
    await tree(researcher).scrollIntoViewIfNeeded();
    await axeCheck(researcher, 'research-tree-light');
  });

  it('walks to a parent by keyboard and opens her record with Enter', async () => {
    await openNathan(researcher);
    await personLink(researcher, /^Nathan Thomas, /).focus();
    await researcher.keyboard.press('ArrowUp');
    expect(await activeName(researcher)).toMatch(/parent$/);
    // Along the parents' row to Alice.
    for (let i = 0; i < 6 && !(await activeName(researcher)).startsWith('Alice Thomas'); i++)
      await researcher.keyboard.press('ArrowRight');
    for (let i = 0; i < 6 && !(await activeName(researcher)).startsWith('Alice Thomas'); i++)
      await researcher.keyboard.press('ArrowLeft');
    expect(await activeName(researcher)).toMatch(/^Alice Thomas, .*adoptive parent$/);
    await researcher.keyboard.press('ArrowDown');
    expect(await activeName(researcher)).toMatch(/^Nathan Thomas, /);
    // Tab moves between people too: from the member to a parent.
    await researcher.keyboard.press('Tab');
    expect(await activeName(researcher)).toMatch(/, (adoptive|biological) parent$/);
    await personLink(researcher, /^Alice Thomas, /).focus();
    await researcher.keyboard.press('Enter');
    await expect.poll(() => researcher.url()).toContain(`i-${ids['Alice Thomas']}`);
    await personLink(researcher, /^Alice Thomas, .*at the centre of this tree$/).waitFor({ timeout: 20_000 });
    // Her tree goes down too: her husband beside her, their children, the adopted one among them,
    // and a son's wife beside him.
    await personLink(researcher, /^George Thomas, .*spouse of Alice Thomas$/).waitFor();
    await personLink(researcher, /^Nathan Thomas, .*adopted child$/).waitFor();
    await personLink(researcher, /^Michael Thomas, born 29 January 1968, biological child$/).waitFor();
    await personLink(researcher, /^Grace Thomas, .*spouse of Michael Thomas$/).waitFor();
    await personLink(researcher, /^Alice Thomas, .*at the centre of this tree$/).scrollIntoViewIfNeeded();
    await shot(researcher, 'research-tree-descendants');
  });

  it('downloads the tree as SVG with the names, and as PNG', async () => {
    await openNathan(researcher);
    const svgDownload = researcher.waitForEvent('download');
    await tree(researcher).getByRole('button', { name: 'Download SVG' }).click();
    const svgFile = await svgDownload;
    expect(svgFile.suggestedFilename()).toBe('family-tree-of-nathan-thomas.svg');
    const svg = await readFile((await svgFile.path())!, 'utf8');
    expect(svg).toContain('<svg');
    for (const name of [
      'Nathan Thomas',
      'George Thomas',
      'Alice Thomas',
      'Marie Bighorn',
      'Adoptive',
      'Biological',
    ])
      expect(svg).toContain(name);
    expect(svg).toContain('Someone you may not see');
    expect(svg).not.toContain('Kevin');
    const pngDownload = researcher.waitForEvent('download');
    await tree(researcher).getByRole('button', { name: 'Download PNG' }).click();
    const pngFile = await pngDownload;
    expect(pngFile.suggestedFilename()).toBe('family-tree-of-nathan-thomas.png');
    const png = await readFile((await pngFile.path())!);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(5_000);
  });

  it('reads in dark mode and on a phone', async () => {
    await setDark(researcher, true);
    await openNathan(researcher);
    await tree(researcher).scrollIntoViewIfNeeded();
    await axeCheck(researcher, 'research-tree-dark');
    await setDark(researcher, false);

    const phone = await person(RESEARCHER, { width: 390, height: 844 });
    await openNathan(phone);
    await tree(phone).scrollIntoViewIfNeeded();
    expect(await fitsWidth(phone)).toBe(true);
    // The tree scrolls inside its frame; Nathan's box is in view when it first draws.
    await expect.poll(() => personLink(phone, /^Nathan Thomas, /).isVisible()).toBe(true);
    await shot(phone, 'research-tree-phone');
    await tree(phone).getByRole('button', { name: 'Fit to width' }).click();
    await shot(phone, 'research-tree-phone-fit');
  });

  it('is not reachable by a community member or a proponent', async () => {
    for (const email of [MEMBER, PROPONENT]) {
      const p = await person(email);
      await p.goto(`${app.server.url}/i-${ids['Nathan Thomas']}`);
      // The member is told it is restricted; the proponent, an outsider, that there is nothing to open.
      const told =
        email === MEMBER
          ? 'You do not have access to this item.'
          : 'This item does not exist, was deleted, or is not shared with you.';
      await p.getByText(told).waitFor({ timeout: 20_000 });
      expect(await tree(p).count()).toBe(0);
      const html = await p.content();
      for (const secret of ['Nathan Thomas', 'Alice Thomas', 'Marie Bighorn'])
        expect(html).not.toContain(secret);
    }
  });
});
