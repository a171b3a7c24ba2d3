import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailSink, type ReceivedMail } from '../test/helpers/mail-sink';
import {
  alertText,
  DEMO_PASSWORD,
  escapeRe,
  fillSignIn,
  freePort,
  newContext,
  screenshotOnFailure,
  shot,
  signIn,
  startApp,
  type E2EApp,
} from './helpers/app';

// Account mails end to end: a real SMTP server receives what the app sends, and the person
// opens the link from the mail in the browser. The server's publicUrl is its own address, so
// the links in the mails lead back to it.

let app: E2EApp;
let sink: MailSink;
let base: string;
const contexts: BrowserContext[] = [];
let last: Page | undefined;

beforeAll(async () => {
  sink = await MailSink.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = await startApp({ port, publicUrl: base, smtpUrl: sink.url });
  expect(app.server.url).toBe(base);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await app?.close();
  await sink?.close();
});

async function freshPage(): Promise<Page> {
  const context = await newContext(app);
  contexts.push(context);
  last = await context.newPage();
  return last;
}

screenshotOnFailure(() => [last]);

/** The link to `path` in a mail, exactly as written there. */
function linkIn(mail: ReceivedMail, path: string): string {
  const m = new RegExp(`${escapeRe(base)}${escapeRe(path)}\\?token=[A-Za-z0-9_%-]+`).exec(mail.body);
  if (!m) throw new Error(`no ${path} link in mail:\n${mail.body}`);
  return m[0];
}

describe('register, confirm the e-mail, sign in', () => {
  const email = 'sarah.blackbird@riverbend.example';
  const password = 'fish-camp-2026';

  it('registers a new account and the confirm mail arrives', async () => {
    const page = await freshPage();
    await page.goto(base + '/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await page.getByLabel('Your name').fill('Sarah Blackbird');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await shot(page, 'account-register-filled');
    const seen = sink.to(email).length;
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Check your e-mail: we sent a link to ${email} to confirm your address.` })
      .waitFor();
    await shot(page, 'account-register-sent');

    const mail = await sink.next(email, seen);
    expect(mail.headers.subject).toBe('Confirm your e-mail for Community Knowledge Keeper');
    expect(mail.body).toContain('Hello Sarah Blackbird,');

    // Before the link is opened, the right password is not enough yet.
    const early = await freshPage();
    await early.goto(base + '/sign-in');
    await fillSignIn(early, email, password);
    await alertText(early, 'Please confirm your e-mail first: use the link we sent you.').waitFor();
    await shot(early, 'account-sign-in-before-confirming');

    // The person opens the link from the mail.
    const link = linkIn(mail, '/confirm-email');
    const confirm = await freshPage();
    await confirm.goto(link);
    await confirm
      .getByRole('status')
      .filter({ hasText: `Thank you: ${email} is confirmed. You can sign in now.` })
      .waitFor();
    await shot(confirm, 'account-email-confirmed');

    await confirm.getByRole('link', { name: 'Sign in' }).click();
    await fillSignIn(confirm, email, password);
    await confirm.getByRole('heading', { level: 1, name: 'Welcome, Sarah Blackbird' }).waitFor();
    // A new account belongs to no organisation yet.
    await confirm.getByText('You are not a member of an organisation yet.', { exact: false }).waitFor();
    await shot(confirm, 'account-first-sign-in');

    // The link works once.
    const again = await freshPage();
    await again.goto(link);
    await again.getByText('This link does not work any more.', { exact: false }).waitFor();
  });
});

describe('forgot password', () => {
  const email = 'researcher@riverbend.example';
  const newPassword = 'cedar-bark-basket-7';

  it('mails a link, sets a new password and lands signed in; the old password stops working', async () => {
    const page = await freshPage();
    await page.goto(base + '/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    const seen = sink.to(email).length;
    await page.getByRole('button', { name: 'Send link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `If ${email} belongs to an account` })
      .waitFor();
    await shot(page, 'account-forgot-sent');

    const mail = await sink.next(email, seen);
    expect(mail.headers.subject).toBe('Set a new password for Community Knowledge Keeper');
    const link = linkIn(mail, '/set-pass');

    const reset = await freshPage();
    await reset.goto(link);
    await reset.getByRole('heading', { level: 1, name: 'Choose a password' }).waitFor();
    await reset.getByLabel('New password').fill(newPassword);
    await reset.getByLabel('Repeat the password').fill(newPassword + 'x');
    await reset.getByText('The passwords are not the same.').waitFor();
    expect(await reset.getByRole('button', { name: 'Save password' }).isDisabled()).toBe(true);
    await shot(reset, 'account-set-pass-mismatch');
    await reset.getByLabel('Repeat the password').fill(newPassword);
    await reset.getByRole('button', { name: 'Save password' }).click();
    await reset.getByRole('heading', { level: 1, name: 'Welcome, Anna Swiftwater' }).waitFor();
    expect(new URL(reset.url()).pathname).toBe('/');
    await shot(reset, 'account-set-pass-signed-in');

    const old = await freshPage();
    await old.goto(base + '/sign-in');
    await fillSignIn(old, email, DEMO_PASSWORD);
    await alertText(old, 'That e-mail and password do not match an account.').waitFor();

    const fresh = await freshPage();
    await signIn(fresh, base, email, newPassword);
  });
});
