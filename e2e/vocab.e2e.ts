import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileAlphabet, sortKey } from '../src/modules/vocab/alphabet';
import { DEMO_ALPHABET } from '../src/modules/vocab/server/demo';
import { FAKE_MICROPHONE_ARGS } from './helpers/browser';
import {
  cell,
  fitsWidth,
  newContext,
  screenshotOnFailure,
  setDark,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';
import { axeCheck } from './helpers/axe';

// Vocabulary (issue 19 "Done when"), on a deployment whose key capabilities name Vocab, with
// Chromium's fake microphone: the lands officer records a word and plays it back from the search
// results with one key; learns with the flashcards; sees the words in the invented language's
// declared alphabet order; finds a word by another spelling. A member without the capability
// has no vocab menu and is refused its routes.

const OFFICER = 'lands.officer@riverbend.example';
const MEMBER = 'member@riverbend.example';
const WORDS = 'Words and phrases';
const SHOTS = '/tmp/shots-vocab';

let app: E2EApp;
const contexts: BrowserContext[] = [];
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startApp({ keyCaps: ['Vocab'] }, undefined, [...FAKE_MICROPHONE_ARGS]);
  page = await person(OFFICER);
}, 120_000);

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function person(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const c = await newContext(app, viewport ? { viewport } : {});
  // The page is served over http://127.0.0.1, which browsers count as a secure context.
  await c.grantPermissions(['microphone'], { origin: app.server.url });
  contexts.push(c);
  const p = await c.newPage();
  await signIn(p, app.server.url, email);
  return p;
}

const words = () => cell(page, WORDS);
const modes = () => words().getByRole('group', { name: 'Show results as' });

async function openWords(p = page) {
  await p.goto(`${app.server.url}/vocab.words-phrases`);
  await cell(p, WORDS).getByRole('list', { name: 'Results' }).waitFor({ timeout: 20_000 });
}

async function searchList(text: string) {
  const box = words().getByRole('searchbox', { name: 'Search in this list' });
  await box.fill(text);
  await box.press('Enter');
}

const cardLabels = async () =>
  (await words().getByRole('list', { name: 'Results' }).locator(':scope > li').all()).length;

describe('vocabulary', () => {
  it('lists the words in the declared alphabet order', async () => {
    await openWords();
    const labels = async () =>
      words()
        .getByRole('list', { name: 'Results' })
        .locator(':scope > li .MuiTypography-subtitle1')
        .allTextContents();
    await expect.poll(async () => (await labels()).length).toBeGreaterThan(5);
    const shown = await labels();
    const a = compileAlphabet(DEMO_ALPHABET);
    const expected = [...shown].sort((x, y) => (sortKey(x, a) < sortKey(y, a) ? -1 : 1));
    expect(shown).toEqual(expected);
    // The alphabet's own order, which no general collation gives: k < kw, t < tł < ts, x < x̱.
    const at = (w: string) => shown.indexOf(w);
    expect(at('kamach')).toBeLessThan(at('kwáli'));
    expect(at('kwáli')).toBeLessThan(at('kwetł'));
    expect(at('tłéxw')).toBeLessThan(at('tsíma'));
    expect(at('xélu')).toBeLessThan(at('x̱áyem'));
    expect(at('x̱áyem')).toBeLessThan(at('ʔeyé'));
    expect(await cardLabels()).toBe(shown.length);
    await page.screenshot({ path: `${SHOTS}/words-cards-light.png` });
    await axeCheck(page, 'vocab-cards');
  });

  it('finds a word by another spelling', async () => {
    await openWords();
    await searchList('qwali');
    await expect
      .poll(() => words().getByRole('list', { name: 'Results' }).getByRole('link').allTextContents())
      .toEqual([expect.stringContaining('kwáli')]);
    await searchList('tlexw');
    await expect
      .poll(() => words().getByRole('list', { name: 'Results' }).getByRole('link').allTextContents())
      .toEqual([expect.stringContaining('tłéxw')]);
  });

  it('records a word, then plays it from the search results with one key', async () => {
    await openWords();
    await searchList('kamach');
    const links = words().getByRole('list', { name: 'Results' }).getByRole('link');
    await expect.poll(() => links.count()).toBe(1);
    await links.first().click();
    const section = page.getByTestId('vocab-recordings');
    await section.waitFor();
    await section.getByText('No recording yet').waitFor();
    await section.getByRole('button', { name: 'Record' }).click();
    const meter = section.getByRole('progressbar', { name: 'Microphone level' });
    // The fake microphone's beeps move the level meter.
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 5_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    await section.getByRole('button', { name: 'Stop' }).click();
    await section.getByTestId('vocab-take').waitFor({ timeout: 10_000 });
    await expect.poll(() => section.getByText(/s after cutting the silence/).count()).toBe(1);
    await section.getByRole('textbox', { name: /Speaker's name/ }).fill('Elder Test Speaker');
    await page.screenshot({ path: `${SHOTS}/recorder-light.png` });
    await section.getByRole('button', { name: 'Save the recording' }).click();
    await section.getByText('Saved.').waitFor({ timeout: 20_000 });
    await section.getByText('Spoken by Elder Test Speaker').waitFor({ timeout: 10_000 });

    const href =
      (await words()
        .getByRole('link', { name: /kamach/ })
        .getAttribute('href')) ?? '';
    const id = /Lexeme-\d+/.exec(href)![0];
    await expect.poll(async () => (await stored(app, id)).hasMedia, { timeout: 10_000 }).toBe(true);
    expect((await stored(app, id)).acknowledgement).toContain('Elder Test Speaker');

    // Back in the results: the word now has a play button; "p" on its row plays it.
    await openWords();
    await searchList('kamach');
    const result = words().getByRole('list', { name: 'Results' }).locator('li').filter({ hasText: 'kamach' });
    const play = result.getByTestId('vocab-play');
    await play.waitFor();
    await result.getByRole('link', { name: /kamach/ }).focus();
    await page.keyboard.press('p');
    await expect.poll(() => play.getAttribute('data-state'), { timeout: 10_000 }).toMatch(/playing|played/);
    await axeCheck(page, 'vocab-results-play');
  });

  it('shows flashcards one at a time, with the word to hear', async () => {
    await openWords();
    await modes().getByRole('button', { name: 'One at a time' }).click();
    const carousel = words().getByRole('region', { name: 'Results' });
    const first = carousel.getByRole('group', { name: /^1 of \d+$/ });
    await first.waitFor();
    const total = Number((await first.getAttribute('aria-label'))!.split(' of ')[1]);
    expect(total).toBeGreaterThan(5);
    const label1 = await carousel.getByRole('heading', { level: 3 }).textContent();
    await carousel.getByRole('button', { name: 'Next result' }).click();
    await carousel.getByRole('group', { name: `2 of ${total}` }).waitFor();
    expect(await carousel.getByRole('heading', { level: 3 }).textContent()).not.toBe(label1);
    // The keyboard steps too.
    await carousel.getByRole('button', { name: 'Next result' }).focus();
    await page.keyboard.press('ArrowLeft');
    await carousel.getByRole('group', { name: `1 of ${total}` }).waitFor();
    // The answer (the translation) is covered until the learner turns the card; the next card
    // starts covered again.
    const answer = carousel.locator('[data-flashcard-answer]');
    await answer.getByText('The answer is covered', { exact: false }).waitFor();
    expect(await answer.getByText('Translation').count()).toBe(0);
    await carousel.getByRole('button', { name: 'Turn the card' }).click();
    await answer.getByText('Translation').waitFor();
    await page.screenshot({ path: `${SHOTS}/flashcards-turned.png` });
    await carousel.getByRole('button', { name: 'Next result' }).click();
    await answer.getByText('The answer is covered', { exact: false }).waitFor();
    await carousel.getByRole('button', { name: 'Previous result' }).click();
    await page.screenshot({ path: `${SHOTS}/flashcards-light.png` });
    await axeCheck(page, 'vocab-flashcards');
  });

  it('is readable in dark mode and on a phone', async () => {
    await setDark(page, true);
    await openWords();
    // The recorded word's card has its play button (the module's half loads with the session).
    await words().getByTestId('vocab-play').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/words-cards-dark.png` });
    await axeCheck(page, 'vocab-cards-dark');
    await page.goto(`${app.server.url}/vocab.dashboard`);
    await page.getByText('Word of the day').first().waitFor();
    await page.getByText('Words by category').first().waitFor();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `${SHOTS}/dashboard-dark.png` });
    await setDark(page, false);
    await page.screenshot({ path: `${SHOTS}/dashboard-light.png` });
    const phone = await person(OFFICER, { width: 390, height: 844 });
    await openWords(phone);
    await cell(phone, WORDS).getByTestId('vocab-play').first().waitFor();
    expect(await fitsWidth(phone)).toBe(true);
    await phone.screenshot({ path: `${SHOTS}/words-phone.png` });
  });

  it('hides the vocab menu from a member without the capability and refuses its routes', async () => {
    const member = await person(MEMBER);
    const drawer = member.getByRole('navigation', { name: 'Navigation' }).first();
    await drawer.getByRole('link').first().waitFor();
    expect(await drawer.getByText(/Words and phrases|Language desk/).count()).toBe(0);
    for (const path of ['/vocab.words-phrases', '/vocab.dashboard']) {
      await member.goto(app.server.url + path);
      await member
        .getByTestId('no-access')
        .getByRole('heading', { name: 'You do not have access' })
        .waitFor();
    }
    // And the officer, who holds Research, has both in the drawer.
    const officerDrawer = page.getByRole('navigation', { name: 'Navigation' }).first();
    await page.goto(`${app.server.url}/home`);
    await officerDrawer.getByText('Words and phrases').waitFor();
  });
});
