import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { hashToken, issueToken } from '../src/server/auth/tokens';
import { query } from '../src/server/db/query';
import { Mailer } from '../src/server/mail/mailer';
import { makeUser, PASSWORD } from './helpers/fixtures';
import { decodeQuotedPrintable, linkToken, MailSink, type ReceivedMail } from './helpers/mail-sink';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { WsClient } from './helpers/ws-client';

// A person's way through the account flows, over HTTP to a real server on a real database,
// with the mails caught by a real SMTP server on loopback and the links read out of them.

const BASE = 'http://ckk.test';
const SUBJECT_CONFIRM = 'Confirm your e-mail for Community Knowledge Keeper';

let tdb: TestDatabase;
let server: TestServer;
let sink: MailSink;
let n = 0;

beforeAll(async () => {
  sink = await MailSink.start();
  tdb = await openTestDatabase();
  // Sign-in and these flows share the per-address limit; this file makes many requests.
  server = await startTestServer(tdb.database, {
    smtpUrl: sink.url,
    publicUrl: BASE,
    signInPerAddress: 10_000,
  });
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
  await tdb?.close();
});

const fresh = (who: string) => `${who}.${++n}.${Math.random().toString(36).slice(2, 6)}@riverbend.example`;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  token: string | null;
}

async function post(p: string, body: unknown, srv: { url: string } = server): Promise<Answer> {
  const res = await fetch(`${srv.url}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    token: res.headers.get('token'),
  };
}

const signIn = (email: string, password: string) => post('/api/sign-in', { email, password });

async function tokenAuth(token: string) {
  const client = await WsClient.connect(server.wsUrl);
  const reply = await client.request('tokenAuth', { token }, { v: 'test' });
  await client.close();
  return reply;
}

/** Waits until the server has handed every mail it started to the SMTP server. */
const mailsSettled = () => server.app.services.mailer.idle();

async function userCount(email: string) {
  const [r] = await query<{ n: number }>(
    tdb.database.db,
    sql`select count(*)::int as n from items where type = 'User' and not deleted and lower(data->>'email') = ${email}`,
  );
  return Number(r!.n);
}

async function registerAndConfirmMail(email: string, password = 'river-bend-2026', name = 'Mary Sutherland') {
  const seen = sink.to(email).length;
  const reg = await post('/api/register', { name, email, password });
  expect(reg).toMatchObject({ status: 200, body: { ok: true } });
  const mail = await sink.next(email, seen);
  return { mail, token: linkToken(mail, BASE, '/confirm-email') };
}

describe('register and confirm', () => {
  it('registers, refuses sign-in until the link is opened, then signs in', async () => {
    const typed = `Mary.Sutherland.${++n}@Riverbend.Example`;
    const email = typed.toLowerCase();
    const seen = sink.to(email).length;
    const reg = await post('/api/register', {
      name: 'Mary Sutherland',
      email: typed,
      password: 'river-bend-2026',
    });
    expect(reg).toEqual({ status: 200, body: { ok: true }, token: null });

    const mail = await sink.next(email, seen);
    expect(mail.headers.subject).toBe(SUBJECT_CONFIRM);
    expect(mail.headers.from).toContain('no-reply@localhost');
    expect(mail.body).toContain('Hello Mary Sutherland,');
    const token = linkToken(mail, BASE, '/confirm-email');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    // The right password, but the address is not proven yet; a wrong one says nothing more.
    expect(await signIn(email, 'river-bend-2026')).toMatchObject({
      status: 403,
      body: { erred: true, userMessage: 'emailNotConfirmed' },
      token: null,
    });
    expect(await signIn(email, 'wrong-password')).toMatchObject({
      status: 401,
      body: { userMessage: 'signInFailed' },
    });

    const confirmed = await post('/api/confirm-email', { token });
    expect(confirmed).toMatchObject({ status: 200, body: { ok: true, email } });

    const ok = await signIn(typed, 'river-bend-2026');
    expect(ok.status).toBe(200);
    expect(ok.token).toBeTruthy();
    const authed = await tokenAuth(ok.token!);
    expect(authed.o).toBe('authed');
    expect(authed.b).toMatchObject({ $id: ok.body.userId, name: 'Mary Sutherland', email, admin: false });
    expect((authed.b as { memberships: unknown[] }).memberships).toEqual([]);
    // The account's own timeline records the confirmation.
    const own = await WsClient.connect(server.wsUrl);
    await own.request('tokenAuth', { token: ok.token }, { v: 'test' });
    const userId = ok.body.userId as string;
    const tl = await own.call<{ events: { kind: string; actor: string | null }[] }>('act/timeline', {
      _t: 'User',
      _i: Number(userId.split('-')[1]),
    });
    expect(tl.events.map((e) => [e.kind, e.actor])).toEqual([
      ['emailConfirmed', userId],
      ['created', null],
    ]);
    await own.close();

    // The link works once.
    expect(await post('/api/confirm-email', { token })).toMatchObject({
      status: 400,
      body: { erred: true, userMessage: 'identFailed' },
    });
    expect(await userCount(email)).toBe(1);
  });

  it('answers an existing address with 200 and a "someone tried" mail, and makes no second account', async () => {
    const email = fresh('ada');
    const { token } = await registerAndConfirmMail(email, 'first-password-1');
    expect((await post('/api/confirm-email', { token })).body).toEqual({ ok: true, email });
    const seen = sink.to(email).length;
    const again = await post('/api/register', {
      name: 'Someone Else',
      email: email.toUpperCase(),
      password: 'second-password-2',
    });
    expect(again).toEqual({ status: 200, body: { ok: true }, token: null });
    const mail = await sink.next(email, seen);
    expect(mail.headers.subject).toContain('Someone tried to register');
    expect(mail.body).toContain('Hello Mary Sutherland,');
    expect(mail.body).toContain(`${BASE}/forgot-password`);
    expect(linkToken(mail, BASE, '/confirm-email')).toBeNull();
    expect(await userCount(email)).toBe(1);
    // Nothing about the account changed.
    expect((await signIn(email, 'first-password-1')).status).toBe(200);
    expect((await signIn(email, 'second-password-2')).status).toBe(401);
  });

  it('does not confirm with a reset link, nor with a made-up one', async () => {
    const user = await makeUser(server.app.services.items);
    const reset = await issueToken(tdb.database.db, user.id, 'reset', 60_000);
    expect(await post('/api/confirm-email', { token: reset.token })).toMatchObject({
      status: 400,
      body: { userMessage: 'identFailed' },
    });
    expect(await post('/api/confirm-email', { token: 'made-up-token' })).toMatchObject({
      status: 400,
      body: { userMessage: 'identFailed' },
    });
  });

  it('says tokenExpired for a confirm link past its 48 hours', async () => {
    const { token } = await registerAndConfirmMail(fresh('late'));
    await tdb.database.db.execute(
      sql`update tokens set expires_at = now() - interval '1 minute' where hash = ${hashToken(token!)}`,
    );
    expect(await post('/api/confirm-email', { token })).toMatchObject({
      status: 400,
      body: { erred: true, userMessage: 'tokenExpired' },
    });
  });
});

describe('forgot password and set a new one', () => {
  it('answers 200 for an unknown address and sends nothing', async () => {
    const before = sink.mails.length;
    const email = fresh('nobody');
    expect(await post('/api/forgot-password', { email })).toEqual({
      status: 200,
      body: { ok: true },
      token: null,
    });
    await mailsSettled();
    expect(sink.mails.length).toBe(before);
    expect(sink.to(email)).toEqual([]);
  });

  it('mails a reset link; set-pass signs in with the new password, the old one and old sessions stop', async () => {
    const user = await makeUser(server.app.services.items);
    const oldSession = (await signIn(user.email, PASSWORD)).token!;
    const seen = sink.to(user.email).length;
    expect(await post('/api/forgot-password', { email: user.email.toUpperCase() })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const mail = await sink.next(user.email, seen);
    expect(mail.headers.subject).toBe('Set a new password for Community Knowledge Keeper');
    const token = linkToken(mail, BASE, '/set-pass');
    expect(token).toBeTruthy();

    const set = await post('/api/set-pass', { token, password: 'a-brand-new-one' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ userId: user.id });
    expect(new Date(set.body.expiresAt as string).getTime()).toBeGreaterThan(Date.now());
    expect(set.token).toBeTruthy();
    expect((await tokenAuth(set.token!)).o).toBe('authed');

    expect((await signIn(user.email, 'a-brand-new-one')).status).toBe(200);
    expect(await signIn(user.email, PASSWORD)).toMatchObject({
      status: 401,
      body: { userMessage: 'signInFailed' },
    });
    expect((await tokenAuth(oldSession)).b).toMatchObject({ userMessage: 'identFailed' });

    // The link works once.
    expect(await post('/api/set-pass', { token, password: 'yet-another-one' })).toMatchObject({
      status: 400,
      body: { erred: true, userMessage: 'identFailed' },
    });
    expect((await signIn(user.email, 'a-brand-new-one')).status).toBe(200);
  });

  it('says tokenExpired for a reset link past its hour, and changes nothing', async () => {
    const user = await makeUser(server.app.services.items);
    const { token } = await issueToken(tdb.database.db, user.id, 'reset', 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await post('/api/set-pass', { token, password: 'too-late-password' })).toMatchObject({
      status: 400,
      body: { erred: true, userMessage: 'tokenExpired' },
      token: null,
    });
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it('lets exactly one of two simultaneous uses of a link through', async () => {
    const user = await makeUser(server.app.services.items);
    const { token } = await issueToken(tdb.database.db, user.id, 'reset', 60_000);
    const answers = await Promise.all([
      post('/api/set-pass', { token, password: 'first-racer-1' }),
      post('/api/set-pass', { token, password: 'second-racer-2' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 400)!;
    expect(loser.body).toMatchObject({ userMessage: 'identFailed' });
    const won = winner === answers[0] ? 'first-racer-1' : 'second-racer-2';
    const lost = winner === answers[0] ? 'second-racer-2' : 'first-racer-1';
    expect((await signIn(user.email, won)).status).toBe(200);
    expect((await signIn(user.email, lost)).status).toBe(401);
  });

  it('confirms a never-confirmed account: the reset link proves the address', async () => {
    const email = fresh('forgetful');
    await registerAndConfirmMail(email, 'lost-it-already');
    expect((await signIn(email, 'lost-it-already')).status).toBe(403);
    const seen = sink.to(email).length;
    await post('/api/forgot-password', { email });
    const token = linkToken(await sink.next(email, seen), BASE, '/set-pass');
    expect((await post('/api/set-pass', { token, password: 'found-a-new-one' })).status).toBe(200);
    expect((await signIn(email, 'found-a-new-one')).status).toBe(200);
  });

  it('accepts an invitation token, also for a User who has no password yet', async () => {
    const items = server.app.services.items;
    const email = fresh('invited');
    const invited = await items.create(SYSTEM, 'User', { name: 'Invited Elder', email });
    expect((await signIn(email, 'chosen-password')).status).toBe(401);
    const { token } = await issueToken(tdb.database.db, invited.$id, 'invite', 60_000);
    const set = await post('/api/set-pass', { token, password: 'chosen-password' });
    expect(set).toMatchObject({ status: 200, body: { userId: invited.$id } });
    expect((await signIn(email, 'chosen-password')).status).toBe(200);
  });

  it('sends nothing and refuses set-pass for a blocked account', async () => {
    const user = await makeUser(server.app.services.items);
    await tdb.database.db.execute(sql`update credentials set blocked = true where user_id = ${user.id}`);
    expect((await post('/api/forgot-password', { email: user.email })).status).toBe(200);
    await mailsSettled();
    expect(sink.to(user.email)).toEqual([]);
    const { token } = await issueToken(tdb.database.db, user.id, 'reset', 60_000);
    expect(await post('/api/set-pass', { token, password: 'let-me-back-in' })).toMatchObject({
      status: 400,
      body: { userMessage: 'identFailed' },
    });
  });

  it('limits forgot-password per address with 429 tooManyAttempts', async () => {
    const strict = await startTestServer(tdb.database, {
      smtpUrl: sink.url,
      publicUrl: BASE,
      signInPerAddress: 2,
    });
    try {
      const email = fresh('flood');
      expect((await post('/api/forgot-password', { email }, strict)).status).toBe(200);
      expect((await post('/api/forgot-password', { email }, strict)).status).toBe(200);
      expect(await post('/api/forgot-password', { email }, strict)).toMatchObject({
        status: 429,
        body: { erred: true, userMessage: 'tooManyAttempts' },
      });
    } finally {
      await strict.close();
    }
  });
});

describe('bad input', () => {
  const fieldsOf = (a: Answer) =>
    (a.body.fields as { path: string; key: string }[]).map((f) => `${f.path}:${f.key}`).sort();

  it('register names each bad field with its rule key', async () => {
    const empty = await post('/api/register', {});
    expect(empty).toMatchObject({ status: 400, body: { erred: true, userMessage: 'invalidInput' } });
    expect(typeof empty.body.sysMessage).toBe('string');
    expect(fieldsOf(empty)).toEqual([
      'email:errors.required',
      'name:errors.required',
      'password:errors.required',
    ]);

    const bad = await post('/api/register', {
      name: 'x'.repeat(201),
      email: 'not-an-email',
      password: 'short',
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual([
      'email:errors.invalidEmail',
      'name:errors.maxLength',
      'password:errors.passwordTooShort',
    ]);
    const before = sink.mails.length;
    await mailsSettled();
    expect(sink.mails.length).toBe(before);
  });

  it('forgot-password, confirm-email and set-pass check their fields too', async () => {
    expect(fieldsOf(await post('/api/forgot-password', { email: 'nope' }))).toEqual([
      'email:errors.invalidEmail',
    ]);
    expect(fieldsOf(await post('/api/confirm-email', {}))).toEqual(['token:errors.required']);
    expect(fieldsOf(await post('/api/set-pass', { token: 'x', password: '1234567' }))).toEqual([
      'password:errors.passwordTooShort',
    ]);
    expect(await post('/api/register', ['not', 'an', 'object'])).toMatchObject({
      status: 400,
      body: { userMessage: 'invalidInput' },
    });
    const notJson = await fetch(`${server.url}/api/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ erred: true, userMessage: 'invalidInput' });
  });

  it('a too-short password does not use up the reset link', async () => {
    const user = await makeUser(server.app.services.items);
    const { token } = await issueToken(tdb.database.db, user.id, 'reset', 60_000);
    const short = await post('/api/set-pass', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(fieldsOf(short)).toEqual(['password:errors.passwordTooShort']);
    expect((await post('/api/set-pass', { token, password: 'long-enough-now' })).status).toBe(200);
  });
});

describe('without SMTP_URL', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ckk-outbox-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes each mail as an .eml file under DATA_DIR/outbox', async () => {
    const local = await startTestServer(tdb.database, { smtpUrl: undefined, dataDir, publicUrl: BASE });
    try {
      const user = await makeUser(local.app.services.items);
      expect((await post('/api/forgot-password', { email: user.email }, local)).status).toBe(200);
      await local.app.services.mailer.idle();
      const files = readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(raw).toMatch(new RegExp(`^To: ${user.email.replace(/\./g, '\\.')}$`, 'm'));
      expect(raw).toMatch(/^Subject: Set a new password for Community Knowledge Keeper$/m);
      const mail: ReceivedMail = { to: [user.email], raw, headers: {}, body: decodeQuotedPrintable(raw) };
      const token = linkToken(mail, BASE, '/set-pass');
      expect(token).toBeTruthy();
      // The file is a working mail: its link sets the password.
      expect((await post('/api/set-pass', { token, password: 'from-the-outbox' }, local)).status).toBe(200);
    } finally {
      await local.close();
    }
    // Nothing was sent to the SMTP server by that node.
    expect(sink.mails.some((m) => m.raw.includes('from-the-outbox'))).toBe(false);
  });

  it('logs one line with recipient and subject, never the body', async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }),
      error: (obj: object, msg: string) => lines.push({ obj: obj as Record<string, unknown>, msg }),
    };
    const dir = path.join(dataDir, 'direct');
    const mailer = new Mailer({ smtpUrl: undefined, mailFrom: 'CKK <ckk@example.test>', dataDir: dir }, log);
    await mailer.send({
      to: 'elder@riverbend.example',
      subject: 'Your link',
      text: 'http://ckk.test/set-pass?token=SECRET-TOKEN-123',
    });
    await mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.obj).toMatchObject({ to: 'elder@riverbend.example', subject: 'Your link' });
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN-123');
    const [file] = readdirSync(path.join(dir, 'outbox'));
    expect(readFileSync(path.join(dir, 'outbox', file!), 'utf8')).toContain('From: CKK <ckk@example.test>');
  });
});
