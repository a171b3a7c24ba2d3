import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cell,
  newContext,
  screenshotOnFailure,
  setDark,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';

// The look of the product, screen by screen (issue 13 "Done when"): the home, a list, a record
// in read and edit mode, a thread, the search page, in light and dark, wide and on a phone.
// Each screen must show its heading and no error; the screenshots (e2e/screenshots/tour-*) are
// what a person looks at beside the same screens before a change.

const PHONE = { width: 390, height: 844 };

let app: E2EApp;
const contexts: BrowserContext[] = [];
let current: Page | undefined;

beforeAll(async () => {
  app = await startApp();
});
screenshotOnFailure(() => [current]);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function page(opts: { dark: boolean; phone: boolean }, email: string): Promise<Page> {
  const c = await newContext(app, {
    colorScheme: opts.dark ? 'dark' : 'light',
    ...(opts.phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}),
  });
  contexts.push(c);
  current = await c.newPage();
  await signIn(current, app.server.url, email);
  // The person's own setting wins over the system's: set it either way (the same people are
  // shown in both themes).
  await setDark(current, opts.dark);
  return current;
}

/** Waits for the page to settle (fonts, no spinner, transitions done), checks it and shoots it. */
async function settle(p: Page, name: string) {
  await p.evaluate(() => document.fonts.ready);
  await expect.poll(() => p.locator('[role=progressbar]:visible').count(), { timeout: 10_000 }).toBe(0);
  await p.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  expect(await p.locator('.MuiAlert-standardError:visible').count()).toBe(0);
  await shot(p, `tour-${name}`);
}

for (const phone of [false, true])
  for (const dark of [false, true]) {
    const mode = `${phone ? 'phone' : 'wide'}-${dark ? 'dark' : 'light'}`;
    describe(mode, () => {
      it('home, a list, a record, a thread and search, as the lands officer', async () => {
        const p = await page({ dark, phone }, 'lands.officer@riverbend.example');
        await settle(p, `${mode}-home`);

        await p.goto(app.server.url + '/my-contacts');
        await p.getByText('Lucy Moosehide').first().waitFor();
        await settle(p, `${mode}-list`);

        await p.goto(app.server.url + '/i-Contact-8');
        await p.getByText('Lucy').first().waitFor();
        await settle(p, `${mode}-record`);
        await p.getByRole('button', { name: 'Edit', exact: true }).click();
        await p.getByRole('button', { name: 'Save', exact: true }).waitFor();
        await settle(p, `${mode}-record-edit`);

        // The thread's own title bar: a text match could pick a hidden copy of the words first
        // (the drawer's, a notification's) and wait on it for ever.
        const subject = String((await stored(app, 'Thread-3')).subject);
        await p.goto(app.server.url + '/i-Thread-3');
        await cell(p, subject).waitFor();
        await settle(p, `${mode}-thread-item`);

        await p.goto(app.server.url + '/conversations?c0=Thread-3');
        await p.getByRole('textbox', { name: 'Your reply' }).waitFor();
        await settle(p, `${mode}-conversation`);

        await p.goto(app.server.url + '/search?q=river');
        await p.getByRole('heading').first().waitFor();
        await settle(p, `${mode}-search`);
      });

      it('home as a member, a proponent and a regulator', async () => {
        for (const [who, email] of [
          ['member', 'member@riverbend.example'],
          ['proponent', 'proponent@northernpipeline.example'],
          ['regulator', 'regulator@lands.gov.example'],
        ] as const) {
          const p = await page({ dark, phone }, email);
          await settle(p, `${mode}-home-${who}`);
        }
      });
    });
  }
