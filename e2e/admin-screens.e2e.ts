import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../src/server/db/query';
import { MailSink } from '../test/helpers/mail-sink';
import {
  cell,
  field,
  newContext,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// The admin and information screens as people use them: an admin announces a modal and a side
// alert and a member sees both arrive live, closes one for now and dismisses the other; the system
// state page; changing interface wording and seeing it change; hiding a menu entry; the help
// pages, what's new with its unseen count, and a support request that reaches a real mailbox.

const ADMIN = 'admin@riverbend.example';
const MEMBER = 'member@riverbend.example';
const SUPPORT = 'support@riverbend.example';

let app: E2EApp;
let sink: MailSink;
const contexts: BrowserContext[] = [];
let admin: Page;
let member: Page;
let memberContext: BrowserContext;

beforeAll(async () => {
  sink = await MailSink.start();
  app = await startApp({ smtpUrl: sink.url, supportEmail: SUPPORT });
  const a = await newContext(app);
  memberContext = await newContext(app);
  contexts.push(a, memberContext);
  admin = await a.newPage();
  member = await memberContext.newPage();
  await signIn(admin, app.server.url, ADMIN);
  await signIn(member, app.server.url, MEMBER);
}, 120_000);

screenshotOnFailure(() => [admin, member]);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  await sink?.close();
});

const url = (p: string) => app.server.url + p;
const drawer = (page: Page) => page.getByRole('navigation', { name: 'Navigation' });

async function createAlert(title: string, message: string, modal: boolean) {
  const list = cell(admin, 'System alerts');
  await list.getByRole('button', { name: 'New System alert' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New System alert' });
  await field(dialog, 'Title').fill(title);
  await field(dialog, 'Message').fill(message);
  if (modal) await dialog.getByLabel('Modal').check();
  await dialog.getByLabel('Active').check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The admin is signed in too, so the alert reaches them as well: out of the way for this session.
  const own = modal
    ? admin.getByRole('dialog', { name: title })
    : admin.locator('[data-alert]').filter({ hasText: title });
  await own.getByRole('button', { name: 'Don’t show again' }).click();
  await own.waitFor({ state: 'detached' });
}

describe('system alerts', () => {
  it('reach a signed-in member live: a dialog and a side card, closed for now and dismissed', async () => {
    await admin.goto(url('/admin.sysalerts'));
    await cell(admin, 'System alerts').getByRole('button', { name: 'New System alert' }).waitFor();
    await member.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();

    await createAlert(
      'Maintenance on Saturday',
      'The site will be down from 8 to 10 am for an upgrade.',
      true,
    );
    const dialog = member.getByRole('dialog', { name: 'Maintenance on Saturday' });
    await dialog.waitFor();
    await dialog.getByText('The site will be down from 8 to 10 am').waitFor();
    await shot(member, 'sysalert-modal');

    await createAlert(
      'New consultation protocol',
      'Read the updated protocol before your next referral.',
      false,
    );
    const card = member.locator('[data-alert]').filter({ hasText: 'New consultation protocol' });
    await card.waitFor();
    const box = await card.boundingBox();
    expect(Math.round(box!.width)).toBe(432);
    expect(Math.round(box!.y)).toBe(84);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    await shot(member, 'sysalert-card');
    await card.getByRole('button', { name: 'Don’t show again' }).click();
    await card.waitFor({ state: 'detached' });
    const cookie = (await memberContext.cookies()).find((c) => c.name === 'ckk-dismissed-alerts');
    expect(decodeURIComponent(cookie!.value)).toMatch(/^SystemAlert-\d+$/);

    // After a reload: the dismissed card stays away; the alert closed only for the moment is back.
    await member.reload();
    await member.getByRole('dialog', { name: 'Maintenance on Saturday' }).waitFor();
    await member
      .getByRole('dialog', { name: 'Maintenance on Saturday' })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect.poll(() => member.locator('[data-alert]').count()).toBe(0);

    // The top bar indicator shows while alerts are active and brings them back.
    const indicator = member.getByRole('button', { name: '2 system alerts: show them' });
    await indicator.click();
    const again = member.locator('[data-alert]').filter({ hasText: 'New consultation protocol' });
    await again.waitFor();
    // Dismissed for this browser session, both stay away from here on (the cookie holds both).
    const modal = member.getByRole('dialog', { name: 'Maintenance on Saturday' });
    await modal.getByRole('button', { name: 'Don’t show again' }).click();
    await modal.waitFor({ state: 'detached' });
    await again.getByRole('button', { name: 'Don’t show again' }).click();
    await again.waitFor({ state: 'detached' });
    await member.reload();
    await member.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await indicator.waitFor();
    expect(await member.locator('[data-alert]').count()).toBe(0);
    expect(await member.getByRole('dialog').count()).toBe(0);

    // The notification bell has a system-alerts entry while alerts are active; it shows them.
    await member.getByTestId('notification-bell').click();
    await member.getByRole('menuitem', { name: '2 system alerts: show them' }).click();
    await member.getByRole('dialog', { name: 'Maintenance on Saturday' }).waitFor();
    await shot(member, 'sysalert-from-bell');
    // Showing them again undoes the dismissals: dismiss both again, so the next tests see none.
    const fromBell = member.getByRole('dialog', { name: 'Maintenance on Saturday' });
    await fromBell.getByRole('button', { name: 'Don’t show again' }).click();
    await fromBell.waitFor({ state: 'detached' });
    const cardAgain = member.locator('[data-alert]').filter({ hasText: 'New consultation protocol' });
    await cardAgain.getByRole('button', { name: 'Don’t show again' }).click();
    await cardAgain.waitFor({ state: 'detached' });
    await member.reload();
    await member.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    expect(await member.getByRole('dialog').count()).toBe(0);
  });

  it('are listed for the admin in admin.sysalerts', async () => {
    const list = cell(admin, 'System alerts');
    await list.getByText('Maintenance on Saturday').waitFor();
    await list.getByText('New consultation protocol').waitFor();
    await shot(admin, 'admin-sysalerts');
  });
});

describe('admin.state', () => {
  it('shows version, uptime, database, job queue, connections and nodes', async () => {
    await admin.goto(url('/admin.state'));
    const state = cell(admin, 'System state');
    await expect.poll(() => state.getByTestId('state-version').textContent()).toBe('0.1.0');
    await expect
      .poll(() => state.getByTestId('state-database').textContent())
      .toMatch(app.tdb.kind === 'pglite' ? /^Embedded \(PGlite\) · [\d.]+ MB$/ : /^PostgreSQL · [\d.]+ MB$/);
    // pg-boss runs on every node: the depth is a count, whatever the daily jobs are doing.
    await expect
      .poll(() => state.getByTestId('state-jobs').textContent())
      .toMatch(/^\d+ waiting or running \(\d+ running\)$/);
    await expect
      .poll(() => state.getByTestId('state-sockets').textContent())
      .toMatch(/^\d+ open, \d+ signed in$/);
    await state.getByRole('heading', { name: '1 server running' }).waitFor();
    await state.getByRole('table', { name: 'Servers on this database' }).getByText('this one').waitFor();
    await shot(admin, 'admin-state');
  });

  it('is not offered to members, and the server refuses it', async () => {
    await expect.poll(() => drawer(member).getByRole('link', { name: 'System state' }).count()).toBe(0);
    await member.goto(url('/admin.state'));
    await member.getByRole('heading', { name: 'You do not have access' }).waitFor();
    await member.goto(url('/admin.all-items'));
    await member.getByRole('heading', { name: 'You do not have access' }).waitFor();
    await member.goto(url('/home'));
  });
});

describe('admin.systext and admin.menu-items', () => {
  it('changes a visible string, and open pages take it at once', async () => {
    await drawer(member).getByRole('link', { name: 'Timeline' }).waitFor();
    await admin.goto(url('/admin.systext'));
    const page = cell(admin, 'Interface text');
    await page.getByLabel('Find text or key').fill('nav.timeline');
    await page.getByLabel('Your text for nav.timeline').fill('Recent changes');
    await shot(admin, 'admin-systext');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await admin.getByText('1 text saved.').waitFor();
    // The member's open page, no reload.
    await drawer(member).getByRole('link', { name: 'Recent changes' }).waitFor();
    await shot(member, 'systext-live');
    await member.reload();
    await drawer(member).getByRole('link', { name: 'Recent changes' }).waitFor();
  });

  it('hides a navigation entry for everyone', async () => {
    await admin.goto(url('/admin.menu-items'));
    const page = cell(admin, 'Menu items');
    await page.getByLabel('Show Recent changes').uncheck();
    await page.getByRole('button', { name: 'Move Search up' }).click();
    await shot(admin, 'admin-menu-items');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await admin.getByText('Saved.').first().waitFor();
    await expect.poll(() => drawer(member).getByRole('link', { name: 'Recent changes' }).count()).toBe(0);
    const order = await drawer(member).getByRole('link').allTextContents();
    expect(order.indexOf('Search')).toBeLessThan(order.indexOf('Home'));
  });
});

describe('help pages, what’s new and support', () => {
  it('lists the help pages in the documentation menu and renders them', async () => {
    await member.goto(url('/home'));
    await member.getByRole('button', { name: /^Documentation/ }).click();
    const menu = member.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Getting started' }).click();
    await member.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
    await member.getByRole('heading', { level: 2, name: 'Signing in' }).waitFor();
    await shot(member, 'docs-getting-started');
    await member.getByRole('link', { name: 'Access levels and sharing' }).click();
    await member.getByRole('table').getByText('Protected').waitFor();
    await member.goto(url('/docs'));
    await member.getByRole('link', { name: /Search and saved views/ }).waitFor();
    await shot(member, 'docs-index');
  });

  it('lets signed-out visitors read the help pages, without what’s new', async () => {
    const c = await newContext(app);
    contexts.push(c);
    const visitor = await c.newPage();
    await visitor.goto(url('/docs/search-and-views'));
    await visitor.getByRole('heading', { level: 1, name: 'Search and saved views' }).waitFor();
    await visitor.getByRole('button', { name: 'Documentation' }).click();
    await visitor.getByRole('menuitem', { name: 'Getting started' }).waitFor();
    expect(await visitor.getByRole('menuitem', { name: /What’s new/ }).count()).toBe(0);
    await c.close();
  });

  it('counts unseen what’s-new entries until they are read, on the User item', async () => {
    await member.goto(url('/home'));
    const docs = member.getByRole('button', { name: 'Documentation: 1 new in what’s new' });
    await docs.click();
    await member
      .getByRole('menu')
      .getByRole('menuitem', { name: /What’s new/ })
      .click();
    await member.getByRole('heading', { name: /Version 0\.1\.0/ }).waitFor();
    await member.getByRole('heading', { name: 'For administrators' }).waitFor();
    await shot(member, 'whats-new');
    await member.getByRole('button', { name: 'Documentation', exact: true }).waitFor();
    await member.reload();
    await member.getByRole('button', { name: 'Documentation', exact: true }).waitFor();
    const [row] = await query<{ data: Record<string, string> }>(
      app.tdb.database.db,
      sql`select data from items where type = 'User' and data->>'email' = ${MEMBER}`,
    );
    expect(row?.data.whatsNewViewed).toBe('0.1.0');
    expect(Date.now() - Date.parse(row!.data.whatsNewLast!)).toBeLessThan(60_000);
  });

  it('sends a support request to the support address', async () => {
    await member.goto(url('/home'));
    await member.getByRole('button', { name: 'Help' }).click();
    await member.getByRole('menuitem', { name: 'Ask for support' }).click();
    const dialog = member.getByRole('dialog', { name: 'Ask for support' });
    await expect.poll(() => field(dialog, 'Your e-mail').inputValue()).toBe(MEMBER);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Required').first().waitFor();
    await field(dialog, 'Subject').fill('Cannot find the Crossing agreement');
    await field(dialog, 'What happened, or what do you need?').fill(
      'I searched for it this morning and got no results.',
    );
    await shot(member, 'support-form');
    const before = sink.to(SUPPORT).length;
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(`Your request was sent. The answer will come to ${MEMBER}.`).waitFor();
    const mail = await sink.next(SUPPORT, before);
    expect(mail.headers.subject).toContain('Cannot find the Crossing agreement');
    expect(mail.headers['reply-to']).toContain(MEMBER);
    await shot(member, 'support-sent');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});
