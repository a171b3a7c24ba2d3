import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  cellAt,
  field,
  newContext,
  openConversation,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';

// Two people on the same thread at once: the lands officer (A) and the lands manager (B), each
// in their own browser profile. What B saves reaches A's open form without a reload, and what
// A is typing is never thrown away.

const THREAD = '/i-Thread-2';
const SUBJECT_1 = "Elders' gathering at the river flats, moved to Saturday";
const SUBJECT_2 = "Elders' gathering at the river flats, Sunday after the feast";
const SUBJECT_3 = "Elders' gathering at the river flats, Monday morning";
const SOMEONE_ELSE = 'Someone else changed this item. Their changes are shown; your unsaved edits are kept.';

let app: E2EApp;
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let ctxC: BrowserContext | undefined;
let a: Page;
let b: Page;
let c: Page | undefined;

beforeAll(async () => {
  app = await startApp();
  ctxA = await newContext(app);
  ctxB = await newContext(app);
  a = await ctxA.newPage();
  b = await ctxB.newPage();
  await signIn(a, app.server.url, 'lands.officer@riverbend.example');
  await signIn(b, app.server.url, 'lands.admin@riverbend.example');
});

screenshotOnFailure(() => [a, b, c]);

afterAll(async () => {
  await ctxC?.close();
  await ctxA?.close();
  await ctxB?.close();
  await app?.close();
});

/** Opens the thread and its edit form (items open as records to read). */
async function openThread(p: Page): Promise<Locator> {
  await p.goto(app.server.url + THREAD);
  const cell = cellAt(p, 0);
  await cell.getByRole('button', { name: 'Edit', exact: true }).click();
  await field(cell, 'Subject').waitFor();
  return cell;
}

async function saveSubject(p: Page, subject: string) {
  const cell = cellAt(p, 0);
  // A save returns to the record: edit it again.
  const edit = cell.getByRole('button', { name: 'Edit', exact: true });
  if (await edit.isVisible()) await edit.click();
  await field(cell, 'Subject').fill(subject);
  await cell.getByRole('button', { name: 'Save' }).click();
  await alertText(p, 'Saved.').waitFor();
  await dismiss(p, 'Saved.');
}

/** Closes a snackbar, as a person would, so the next one shows at once. */
async function dismiss(p: Page, text: string) {
  const alert = alertText(p, text);
  await alert.getByRole('button', { name: 'Close' }).click();
  await alert.waitFor({ state: 'hidden' });
}

// The due date is a date picker (DD-MMM-YYYY): typed section by section, read from its input.
const due = (cell: Locator) => cell.locator('[data-field="assignedDue"]');
const dueValue = (cell: Locator) => due(cell).locator('input').inputValue();
async function typeDue(page: Page, cell: Locator, day: string, month: string, year: string) {
  await due(cell).getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(day);
  await page.keyboard.type(month);
  await page.keyboard.type(year);
}
const dirty = (cell: Locator) => cell.getByText('Unsaved changes', { exact: true });

describe('two people on one thread', () => {
  it("shows B's saved change in A's open form without a reload", async () => {
    const cellA = await openThread(a);
    await openThread(b);
    // A marker on A's page survives only if the page is not reloaded.
    await a.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    await saveSubject(b, SUBJECT_1);
    await expect.poll(() => field(cellA, 'Subject').inputValue()).toBe(SUBJECT_1);
    await alertText(a, SOMEONE_ELSE).waitFor();
    await cellA.getByRole('heading', { level: 2, name: SUBJECT_1 }).waitFor();
    expect(await dirty(cellA).count()).toBe(0);
    expect(await a.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await shot(a, 'live-a-sees-b-change');
    await dismiss(a, SOMEONE_ELSE);
  });

  it("keeps A's unsaved edit of another field when B changes the subject again", async () => {
    const cellA = cellAt(a, 0);
    await typeDue(a, cellA, '20', 'Dec', '2026');
    await dirty(cellA).waitFor();

    await saveSubject(b, SUBJECT_2);
    await expect.poll(() => field(cellA, 'Subject').inputValue()).toBe(SUBJECT_2);
    await alertText(a, SOMEONE_ELSE).waitFor();
    expect(await dueValue(cellA)).toBe('20-Dec-2026');
    await dirty(cellA).waitFor();
    await shot(a, 'live-a-keeps-own-edit');
    await dismiss(a, SOMEONE_ELSE);

    // A's save is based on B's version: it goes through and keeps both changes.
    await cellA.getByRole('button', { name: 'Save' }).click();
    await alertText(a, 'Saved.').waitFor();
    await dirty(cellA).waitFor({ state: 'hidden' });
    expect(await stored(app, 'Thread-2')).toMatchObject({ subject: SUBJECT_2, assignedDue: '2026-12-20' });
  });

  it("keeps the slower editor's edits after a stale save and offers their version under them", async () => {
    // A third window for the officer, whose pushes are held back as on a slow connection, so
    // B's save cannot reach this form before its own save is sent. Frames pass unchanged.
    ctxC = await newContext(app);
    let hold = false;
    const held: string[] = [];
    await ctxC.routeWebSocket(/\/ws$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        const frame = typeof m === 'string' ? (JSON.parse(m) as { o?: string; s?: string }) : null;
        if (hold && frame?.o === 'itemUpdated' && frame.s === undefined) held.push(m as string);
        else ws.send(m);
      });
    });
    c = await ctxC.newPage();
    await signIn(c, app.server.url, 'lands.officer@riverbend.example');
    const cellC = await openThread(c);
    await openThread(b);
    hold = true;

    // Both edit; B saves first.
    await typeDue(c, cellC, '15', 'Jan', '2027');
    await saveSubject(b, SUBJECT_3);
    expect(await stored(app, 'Thread-2')).toMatchObject({ subject: SUBJECT_3 });
    expect(await field(cellC, 'Subject').inputValue()).toBe(SUBJECT_2);

    await cellC.getByRole('button', { name: 'Save' }).click();
    const notice = cellC.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await notice.waitFor();
    await notice
      .getByText('Someone saved this item after you opened it. Your edits are kept', { exact: false })
      .waitFor();
    await cellC.getByText('Not saved', { exact: true }).waitFor();
    expect(await dueValue(cellC)).toBe('15-Jan-2027');
    expect(await stored(app, 'Thread-2')).toMatchObject({ subject: SUBJECT_3, assignedDue: '2026-12-20' });
    await shot(c, 'live-stale-save');

    await notice.getByRole('button', { name: 'Show their version, keep my edits' }).click();
    await expect.poll(() => field(cellC, 'Subject').inputValue()).toBe(SUBJECT_3);
    await notice.waitFor({ state: 'hidden' });
    expect(await dueValue(cellC)).toBe('15-Jan-2027');
    await shot(c, 'live-stale-their-version-my-edits');

    hold = false;
    await cellC.getByRole('button', { name: 'Save' }).click();
    await alertText(c, 'Saved.').waitFor();
    expect(await stored(app, 'Thread-2')).toMatchObject({ subject: SUBJECT_3, assignedDue: '2027-01-15' });
    expect(held.length).toBeGreaterThan(0);
  });

  it("moves the thread's last activity quietly when B replies: nobody changed the thread", async () => {
    // A's pushes are recorded, to know when B's reply has reached A's open form.
    const frames: string[] = [];
    a.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    const cellA = await openThread(a);
    const { subject, sortTS: before } = (await stored(app, 'Thread-2')) as {
      subject: string;
      sortTS?: string;
    };

    const box = (await openConversation(b, app.server.url, subject)).getByLabel('Your reply');
    await box.fill('The canoes are ready for Monday.');
    await box.press('Control+Enter');

    await expect
      .poll(async () => ((await stored(app, 'Thread-2')) as { sortTS?: string }).sortTS)
      .not.toBe(before);
    const { sortTS } = (await stored(app, 'Thread-2')) as { sortTS: string };
    await expect.poll(() => frames.some((f) => f.includes('Thread-2') && f.includes(sortTS))).toBe(true);
    // Give the form a moment to take the push in; it must not say someone changed the thread.
    await a.waitForTimeout(500);
    expect(await alertText(a, SOMEONE_ELSE).count()).toBe(0);
    expect(await dirty(cellA).count()).toBe(0);
    await shot(a, 'live-reply-moves-last-activity-quietly');
  });
});
