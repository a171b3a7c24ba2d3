import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import { sql } from 'drizzle-orm';
import {
  newContext,
  openConversation,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// The bell and /notifications in a real browser: the lands admin watches the bell while the
// lands officer assigns her a thread and replies in it, first through the server's item
// service, then in his own browser through the screens; the badge changes live, she opens the
// notification, lands on the conversation and marks it read.

const OFFICER = 'lands.officer@riverbend.example';
const LANDS_ADMIN = 'lands.admin@riverbend.example';

let app: E2EApp;
let page: Page;
let officerPage: Page | undefined;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
  const c = await newContext(app);
  contexts.push(c);
  page = await c.newPage();
  await signIn(page, app.server.url, LANDS_ADMIN);
});

screenshotOnFailure(() => [page, officerPage]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
});

async function userId(email: string): Promise<string> {
  const [r] = await query<{ id: string }>(
    app.server.app.services.items.db,
    sql`select id from items where type = 'User' and data->>'email' = ${email}`,
  );
  return r!.id;
}

const bell = () => page.getByTestId('notification-bell');
const unread = async () => {
  const label = (await bell().getAttribute('aria-label')) ?? '';
  return Number(/^(\d+) unread/.exec(label)?.[1] ?? 0);
};

describe('notifications', () => {
  it('the badge changes live, the bell opens the item, /notifications marks read and unread', async () => {
    const { items } = app.server.app.services;
    const officer = (await loadPrincipal(items.db, await userId(OFFICER)))!;
    const adminId = await userId(LANDS_ADMIN);
    await expect.poll(() => bell().isEnabled()).toBe(true);
    const before = await unread();

    const thread = await items.create(officer, 'Thread', {
      subject: 'Culvert replacement on Salmon Creek',
      $access: 'COMMUNITY',
      assignedTo: adminId,
    });
    await expect.poll(unread).toBe(before + 1);
    await items.create(officer, 'Message', {
      thread: thread.$id,
      body: 'Photos from Tuesday are attached in the field report.',
    });
    // A reply in a thread she is assigned to notifies her too.
    await expect.poll(unread).toBe(before + 2);

    await bell().click();
    const menu = page.getByRole('menu');
    await menu
      .getByRole('menuitem', { name: /Culvert replacement on Salmon Creek.*You were assigned/ })
      .waitFor();
    // The demo gave her notifications of her own already (the Crown's record): these two are this thread's.
    await menu.getByRole('menuitem', { name: /Culvert replacement on Salmon Creek.*New reply/ }).waitFor();
    await shot(page, 'notifications-bell-menu');
    await menu
      .getByRole('menuitem', { name: /Culvert replacement on Salmon Creek.*You were assigned/ })
      .click();
    await page.waitForURL(`**/i-${thread.$id}`);
    await expect.poll(unread).toBe(before + 1);

    await page.goto(app.server.url + '/notifications');
    const rows = page.getByTestId('notification-row');
    await rows
      .filter({ hasText: 'Culvert replacement on Salmon Creek' })
      .filter({ hasText: 'New reply' })
      .waitFor();
    await shot(page, 'notifications-list');
    await rows
      .filter({ hasText: 'Culvert replacement on Salmon Creek' })
      .filter({ hasText: 'You were assigned' })
      .getByRole('button', { name: 'Mark as unread' })
      .click();
    await expect.poll(unread).toBe(before + 2);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(unread).toBe(0);

    // The notifications of one item.
    await page.goto(`${app.server.url}/notifications?c0=${thread.$id}`);
    await page
      .getByRole('heading', { name: 'Notifications about Culvert replacement on Salmon Creek' })
      .waitFor();
    expect(await rows.count()).toBe(2);

    // The item's notification-config button: "Never" silences this thread for her.
    await page.goto(`${app.server.url}/i-${thread.$id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Notification settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notify me about this item' });
    await dialog.getByRole('radio', { name: 'When I created it, am assigned or take part' }).waitFor();
    expect(
      await dialog.getByRole('radio', { name: 'When I created it, am assigned or take part' }).isChecked(),
    ).toBe(true);
    await dialog.getByRole('radio', { name: 'Never', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification setting saved').waitFor();
    await items.create(officer, 'Message', { thread: thread.$id, body: 'One more photo.' });
    await app.server.app.idle();
    const [n] = await query<{ n: number }>(
      items.db,
      sql`select count(*)::int as n from items where type = 'Notify' and data->>'recipient' = ${adminId}
        and data->>'context' = ${thread.$id}`,
    );
    expect(n!.n).toBe(2);
    expect(await unread()).toBe(0);
  });

  it('two people in two browsers: he assigns and replies on screen, her bell changes live, she opens and marks it', async () => {
    const c = await newContext(app);
    contexts.push(c);
    const officer = await c.newPage();
    officerPage = officer;
    await signIn(officer, app.server.url, OFFICER);
    await expect.poll(() => bell().isEnabled()).toBe(true);
    const before = await unread();
    const subject = 'Referral backlog for December';

    // He opens the conversation and assigns it to her in the thread's own form.
    const pane = await openConversation(officer, app.server.url, subject);
    await pane.getByRole('link', { name: 'Edit assignment and due date' }).click();
    // The thread opens as a record; Edit turns it into its form.
    await officer.getByRole('button', { name: 'Edit', exact: true }).click();
    const assignee = officer.getByRole('combobox', { name: /^Assigned to/ });
    await assignee.fill('Mary');
    await officer.getByRole('option', { name: /Mary Thunderbird User$/ }).click();
    await officer.getByRole('button', { name: 'Save' }).click();
    await pane.getByText('Assigned to Mary Thunderbird').first().waitFor();
    await expect.poll(unread).toBe(before + 1);

    // He replies in the conversation; her badge goes up again without a reload.
    await pane
      .getByRole('textbox', { name: 'Your reply' })
      .fill('Mary, can you take the two oldest referrals?');
    await pane.getByRole('button', { name: 'Send', exact: true }).click();
    await pane.getByTestId('message').filter({ hasText: 'can you take the two oldest' }).waitFor();
    await expect.poll(unread).toBe(before + 2);
    await shot(officer, 'notifications-two-browsers-officer');
    await shot(page, 'notifications-two-browsers-admin-badge');

    // She opens the reply from the bell and lands on the conversation.
    await bell().click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: new RegExp(`${subject}.*You were assigned`) }).waitFor();
    // Let the menu finish fading in before the picture.
    await expect
      .poll(() => menu.evaluate((el) => getComputedStyle(el.closest('.MuiPaper-root') ?? el).opacity))
      .toBe('1');
    await shot(page, 'notifications-two-browsers-admin-menu');
    await menu.getByRole('menuitem', { name: new RegExp(`${subject}.*New reply`) }).click();
    // Her page may already show another thread (an /i-Thread-… address too): wait for this one.
    await expect
      .poll(
        async () => {
          // The thread opens as a record, headed by its subject.
          const first = page.locator('form[data-record-mode] h3').first();
          return (await first.count()) ? first.textContent() : '';
        },
        { timeout: 10_000 },
      )
      .toBe(subject);
    expect(new URL(page.url()).pathname).toMatch(/\/i-Thread-\d+/);
    await expect.poll(unread).toBe(before + 1);
    await shot(page, 'notifications-two-browsers-admin-context');

    // She marks the assignment read in /notifications; the badge is back where it was.
    await page.goto(app.server.url + '/notifications');
    const row = page
      .getByTestId('notification-row')
      .filter({ hasText: subject })
      .filter({ hasText: 'You were assigned' })
      .first();
    await row.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(unread).toBe(before);
    await row.getByRole('button', { name: 'Mark as unread' }).waitFor();
  });
});
