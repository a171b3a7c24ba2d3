import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/server/auth/principals';
import { query } from '../src/server/db/query';
import { sql } from 'drizzle-orm';
import { newContext, screenshotOnFailure, shot, signIn, startApp, type E2EApp } from './helpers/app';

// The bell and /notifications in a real browser: the lands admin watches the bell while the
// lands officer assigns her a thread and replies in it (through the server's item service,
// as the officer); the badge changes live, she opens the notification and marks it.

const OFFICER = 'lands.officer@riverbend.example';
const LANDS_ADMIN = 'lands.admin@riverbend.example';

let app: E2EApp;
let page: Page;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startApp();
  const c = await newContext(app);
  contexts.push(c);
  page = await c.newPage();
  await signIn(page, app.server.url, LANDS_ADMIN);
});

screenshotOnFailure(() => [page]);

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
    await menu.getByRole('menuitem', { name: /New reply/ }).waitFor();
    await shot(page, 'notifications-bell-menu');
    await menu.getByRole('menuitem', { name: /You were assigned/ }).click();
    await page.waitForURL(`**/i-${thread.$id}`);
    await expect.poll(unread).toBe(before + 1);

    await page.goto(app.server.url + '/notifications');
    const rows = page.getByTestId('notification-row');
    await rows.filter({ hasText: 'New reply' }).first().waitFor();
    await shot(page, 'notifications-list');
    await rows
      .filter({ hasText: 'You were assigned' })
      .first()
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
});
