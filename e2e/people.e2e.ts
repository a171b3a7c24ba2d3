import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { MailSink } from '../test/helpers/mail-sink';
import {
  alertText,
  freePort,
  newContext,
  openUserMenu,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  stored,
  type E2EApp,
} from './helpers/app';

// People in a real browser: an admin acts as a member through the masquerade picker and stops;
// an organisation admin invites a contact, who follows the mailed link and lands signed in;
// the organisation and contacts screens; the profile page.

const ADMIN = 'admin@riverbend.example';
const LANDS_ADMIN = 'lands.admin@riverbend.example';
const RUTH = 'ruth.sandypoint@riverbend.example';

let app: E2EApp;
let sink: MailSink;
let base: string;
let ruthContact: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  sink = await MailSink.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = await startApp({ port, publicUrl: base, smtpUrl: sink.url });
  const items = app.server.app.services.items;
  const [riverbend] = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'Organization' and data->>'displayName' = 'Riverbend First Nation'`,
  );
  ruthContact = (
    await items.create(SYSTEM, 'Contact', {
      firstName: 'Ruth',
      lastName: 'Sandypoint',
      email: RUTH,
      _related: [riverbend!.id],
      owner: riverbend!.id,
    })
  ).$id;
});

screenshotOnFailure(() => contexts.flatMap((c) => c.pages()));

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  await sink?.close();
});

async function freshPage(): Promise<Page> {
  const c = await newContext(app);
  contexts.push(c);
  return c.newPage();
}

async function person(email: string): Promise<Page> {
  const page = await freshPage();
  await signIn(page, base, email);
  return page;
}

/** Transitions (the dialog's fade) have ended. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'You are acting as' });

describe('masquerade', () => {
  it('an admin picks a member in the full-screen picker, sees the banner, and stops', async () => {
    const page = await person(ADMIN);
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Act as another user…' }).click();
    const picker = page.getByRole('dialog', { name: 'Select user for masquerade' });
    await picker.waitFor();
    await picker.getByRole('option', { name: /Mary Thunderbird/ }).waitFor();
    await settled(page);
    await shot(page, 'people-masquerade-picker');
    // Keyboard only: type, arrow down to the match, Enter.
    await picker.getByLabel('Search users by name or e-mail').fill('daniel');
    await picker.getByRole('option', { name: /Daniel Crow/ }).waitFor();
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    await banner(page).filter({ hasText: 'You are acting as Daniel Crow' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Daniel Crow' }).waitFor();
    // The member's menu: no administration section.
    expect(await page.getByRole('link', { name: 'All items' }).count()).toBe(0);
    await shot(page, 'people-masquerade-banner');
    // Masquerading: raw data can be seen but not saved (spec core §6); debug mode is offered.
    await page.goto(base + '/i-Organization-1');
    await banner(page).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit raw data' }).click();
    const raw = page.getByRole('dialog');
    await raw.getByText('Only administrators can save changes here.', { exact: false }).waitFor();
    expect(await raw.getByRole('button', { name: 'Save raw data' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await raw.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Debug mode' }).waitFor();
    await page.keyboard.press('Escape');

    await banner(page).getByRole('button', { name: 'Stop' }).click();
    // The page reloads as the admin again: the administration section is back, the banner gone.
    await page.getByRole('link', { name: 'All items' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    // The audit names the admin behind the masquerade.
    const events = await query<{ kind: string }>(
      app.server.app.services.items.db,
      sql`select kind from events where kind like 'masquerade%' order by id`,
    );
    expect(events.map((e) => e.kind)).toEqual(['masqueradeStarted', 'masqueradeStopped']);
    // The recent list offers Daniel again.
    const again = await openUserMenu(page);
    await again.getByRole('menuitem', { name: 'Act as Daniel Crow' }).waitFor();
    await page.keyboard.press('Escape');
  });
});

describe('organisation admin', () => {
  it('invites a contact from admin.contacts; the invitee follows the mailed link and lands signed in', async () => {
    const page = await person(LANDS_ADMIN);
    await page.goto(base + '/admin.contacts');
    const row = page.getByRole('row').filter({ hasText: 'Ruth Sandypoint' });
    await row.getByText('No account').waitFor();
    await page.getByRole('row').filter({ hasText: 'Joseph Redcloud' }).getByText('Never signed in').waitFor();
    await page.getByRole('row').filter({ hasText: 'Mary Thunderbird' }).getByText('Seen this week').waitFor();
    await shot(page, 'people-admin-contacts');

    const seen = sink.to(RUTH).length;
    await row.getByRole('button', { name: 'Invite Ruth Sandypoint' }).click();
    await alertText(page, `Invitation sent to ${RUTH}`).waitFor();
    await row.getByText('Invited').waitFor();
    await row.getByRole('button', { name: 'Resend the invitation to Ruth Sandypoint' }).waitFor();
    // The state filter narrows the list to the invited.
    await page.getByLabel('Show').click();
    await page.getByRole('option', { name: 'Invited (1)' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    const mail = await sink.next(RUTH, seen);
    expect(mail.headers.subject).toBe('You are invited to Community Knowledge Keeper');
    expect(mail.body).toContain('Mary Thunderbird has invited you');
    const m = new RegExp(`${base.replace(/[.]/g, '\\.')}/set-pass\\?token=[A-Za-z0-9_-]+`).exec(mail.body);
    expect(m).not.toBeNull();

    const invitee = await freshPage();
    await invitee.goto(m![0]);
    await invitee.getByRole('heading', { level: 1, name: 'Choose a password' }).waitFor();
    await invitee.getByLabel('New password').fill('river-stones-2026');
    await invitee.getByLabel('Repeat the password').fill('river-stones-2026');
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await invitee.getByRole('heading', { level: 1, name: 'Welcome, Ruth Sandypoint' }).waitFor();
    await shot(invitee, 'people-invitee-signed-in');
    const contact = await stored(app, ruthContact);
    expect(contact.user).toMatch(/^User-\d+$/);
  });

  it('admin.owner shows the members and their roles, and changes a role', async () => {
    const page = await person(LANDS_ADMIN);
    await page.goto(base + '/admin.owner');
    const section = page.getByRole('region', { name: 'Members of Riverbend First Nation' });
    const daniel = section.getByRole('row').filter({ hasText: 'Daniel Crow' });
    await daniel.getByText('Member', { exact: true }).waitFor();
    await shot(page, 'people-admin-owner');
    await daniel.getByRole('combobox', { name: 'Roles of Daniel Crow' }).click();
    await page.getByRole('option', { name: 'Staff' }).click();
    await page.keyboard.press('Escape');
    await alertText(page, 'Saved').waitFor();
    await daniel.getByText('Member, Staff').waitFor();
    const [m] = await query<{ roles: string[] }>(
      app.server.app.services.items.db,
      sql`select m.roles from memberships m join credentials c on c.user_id = m.user_id where c.email = 'member@riverbend.example'`,
    );
    expect([...m!.roles].sort()).toEqual(['member', 'staff']);
  });

  it('the profile page: who I am, the display toggles and my notification preference', async () => {
    const page = await person(LANDS_ADMIN);
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'My profile' }).click();
    const profile = page.locator('section[aria-labelledby="profile-heading"]');
    await profile.getByText(LANDS_ADMIN).waitFor();
    await profile.getByRole('switch', { name: 'Dark mode' }).waitFor();
    const notify = profile.getByRole('combobox', { name: 'E-mail notifications' });
    // The demo's people take the daily digest (src/modules/core/server/demo.ts).
    await expect.poll(() => notify.textContent()).toContain('Daily digest');
    await shot(page, 'people-profile');
    await notify.click();
    await page.getByRole('option', { name: 'Right away' }).click();
    await alertText(page, 'Saved').waitFor();
    const [c] = await query<{ notify: string }>(
      app.server.app.services.items.db,
      sql`select data->>'notify' as notify from items where type = 'Contact' and data->>'email' = ${LANDS_ADMIN}`,
    );
    expect(c!.notify).toBe('IMMEDIATE');
  });
});

describe('site admin', () => {
  it('blocks a person from admin.contacts: they are signed out at once, and unblocking lets them back', async () => {
    const officer = await person('lands.officer@riverbend.example');
    const page = await person(ADMIN);
    await page.goto(base + '/admin.contacts');
    const row = page.getByRole('row').filter({ hasText: 'Joseph Redcloud' });
    await row.getByRole('button', { name: 'Block Joseph Redcloud' }).click();
    const dialog = page.getByRole('dialog', { name: 'Block Joseph Redcloud?' });
    await dialog.getByText(/signed out everywhere at once/).waitFor();
    await settled(page);
    await shot(page, 'people-block-confirm');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await alertText(page, 'Joseph Redcloud is blocked').waitFor();
    await row.getByText('Blocked', { exact: true }).waitFor();

    // His open page learns it at once: the sign-in is no longer valid.
    await officer.getByRole('dialog', { name: 'Please sign in again' }).waitFor();
    await shot(officer, 'people-blocked-signed-out');

    await row.getByRole('button', { name: 'Unblock Joseph Redcloud' }).click();
    await alertText(page, 'Joseph Redcloud can sign in again').waitFor();
    await row.getByRole('button', { name: 'Block Joseph Redcloud' }).waitFor();
    await shot(page, 'people-unblocked');
    // And he can sign in again.
    await person('lands.officer@riverbend.example');
  });
});
