import { sql } from 'drizzle-orm';
import { EMAIL_RE } from '../../kernel/formats';
import { AppError, type FieldError } from '../../protocol/errors';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import { appendEvent, loadRow } from '../items/rows';
import { alreadyRegisteredMail, confirmEmailMail, resetPasswordMail } from '../mail/messages';
import type { Services } from '../services';
import { createAccount, findUserByEmail } from './accounts';
import { acceptInvitation } from './invitations';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';
import { hashToken, issueToken, type TokenKind } from './tokens';

// Self-service account flows: register → confirm the e-mail, and forgot password → set a new
// one. Answers never tell whether an address has an account; only the mails do, and they go
// to the address's owner. Link tokens are single-use: each is consumed by a conditional update
// in the same transaction that changes the account, so two uses cannot both succeed.

export const CONFIRM_TTL_MS = 48 * 3_600_000;
export const RESET_TTL_MS = 3_600_000;
export const NAME_MAX = 200;
export const EMAIL_MAX = 320;
export const PASSWORD_MAX = 1000;

export interface FlowLog {
  warn(obj: object, msg: string): void;
}

const QUIET: FlowLog = { warn: () => undefined };

// ---------- input ----------

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('invalidInput', 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

function text(b: Record<string, unknown>, key: string, fields: FieldError[]): string | null {
  const v = b[key];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    fields.push({ path: key, key: 'errors.required' });
    return null;
  }
  if (typeof v !== 'string') {
    fields.push({ path: key, key: 'errors.invalidType' });
    return null;
  }
  return v;
}

function checkName(b: Record<string, unknown>, fields: FieldError[]): string {
  const v = text(b, 'name', fields)?.trim() ?? '';
  if (v.length > NAME_MAX) fields.push({ path: 'name', key: 'errors.maxLength', params: { max: NAME_MAX } });
  return v;
}

function checkEmail(b: Record<string, unknown>, fields: FieldError[]): string {
  const v = text(b, 'email', fields)?.trim() ?? '';
  if (!v) return v;
  if (v.length > EMAIL_MAX)
    fields.push({ path: 'email', key: 'errors.maxLength', params: { max: EMAIL_MAX } });
  else if (!EMAIL_RE.test(v)) fields.push({ path: 'email', key: 'errors.invalidEmail' });
  return v.toLowerCase();
}

function checkPassword(b: Record<string, unknown>, fields: FieldError[]): string {
  const v = text(b, 'password', fields) ?? '';
  if (!v) return v;
  if (v.length < MIN_PASSWORD_LENGTH)
    fields.push({ path: 'password', key: 'errors.passwordTooShort', params: { min: MIN_PASSWORD_LENGTH } });
  else if (v.length > PASSWORD_MAX)
    fields.push({ path: 'password', key: 'errors.maxLength', params: { max: PASSWORD_MAX } });
  return v;
}

function checkToken(b: Record<string, unknown>, fields: FieldError[]): string {
  const v = text(b, 'token', fields) ?? '';
  if (v.length > 200) fields.push({ path: 'token', key: 'errors.maxLength', params: { max: 200 } });
  return v;
}

function done<T>(value: T, fields: FieldError[]): T {
  if (fields.length)
    throw new AppError('invalidInput', fields.map((f) => `${f.path}: ${f.key}`).join('; '), { fields });
  return value;
}

export function parseRegister(body: unknown): { name: string; email: string; password: string } {
  const b = asObject(body);
  const fields: FieldError[] = [];
  const value = {
    name: checkName(b, fields),
    email: checkEmail(b, fields),
    password: checkPassword(b, fields),
  };
  return done(value, fields);
}

export function parseEmail(body: unknown): { email: string } {
  const b = asObject(body);
  const fields: FieldError[] = [];
  return done({ email: checkEmail(b, fields) }, fields);
}

export function parseToken(body: unknown): { token: string } {
  const b = asObject(body);
  const fields: FieldError[] = [];
  return done({ token: checkToken(b, fields) }, fields);
}

export function parseSetPass(body: unknown): { token: string; password: string } {
  const b = asObject(body);
  const fields: FieldError[] = [];
  return done({ token: checkToken(b, fields), password: checkPassword(b, fields) }, fields);
}

// ---------- helpers ----------

/**
 * At most SIGN_IN_LIMIT_PER_ACCOUNT mails to one address per 15 minutes, whoever asks. Over the
 * cap the request still answers 200 (a different answer would reveal the account); the mail is
 * just not sent.
 */
function mayMail(s: Services, email: string, log: FlowLog): boolean {
  if (s.limits.account.hit(`mail:${email}`)) return true;
  log.warn({ to: email }, 'mail cap reached for this address; no mail sent');
  return false;
}

async function userName(ex: Executor, userId: string): Promise<string | undefined> {
  const row = await loadRow(ex, userId);
  const name = row && !row.deleted ? row.data.name : undefined;
  return typeof name === 'string' && name ? name : undefined;
}

/** Consumes a link token; only the one caller whose update took it gets its row, others an error. */
async function consume(ex: Executor, token: string, kinds: TokenKind[]) {
  const [row] = await query<{ user_id: string; kind: TokenKind }>(
    ex,
    sql`update tokens set revoked_at = now()
      where hash = ${hashToken(token)} and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}) and revoked_at is null and expires_at > now()
      returning user_id, kind`,
  );
  if (row) return row;
  // Why not: the database's clock decides, as it did in the update.
  const [t] = await query<{ revoked: boolean; expired: boolean }>(
    ex,
    sql`select revoked_at is not null as revoked, expires_at <= now() as expired from tokens
      where hash = ${hashToken(token)} and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  if (t && !t.revoked && t.expired) throw new AppError('tokenExpired', 'the link has expired');
  throw new AppError('identFailed', 'the link is unknown or was already used');
}

// ---------- flows ----------

/**
 * A new address gets an unconfirmed User (no memberships) and a confirm link; a known address
 * gets a note that someone tried, pointing to /forgot-password. The caller learns neither.
 */
export async function register(
  s: Services,
  input: { name: string; email: string; password: string },
  log: FlowLog = QUIET,
): Promise<void> {
  const db = s.items.db;
  const existing = await findUserByEmail(db, input.email);
  if (existing) return tellAlreadyRegistered(s, existing, input.email, input.password, log);
  let userId: string;
  try {
    userId = await createAccount(s.items, {
      email: input.email,
      password: input.password,
      name: input.name,
      confirmed: false,
    });
  } catch (e) {
    // Another registration of the same address won the race.
    const now =
      e instanceof AppError && e.key === 'alreadyExists' && (await findUserByEmail(db, input.email));
    if (now) return tellAlreadyRegistered(s, now, input.email, null, log);
    throw e;
  }
  const { token } = await issueToken(db, userId, 'confirm', CONFIRM_TTL_MS);
  if (mayMail(s, input.email, log))
    s.mailer.sendLater(confirmEmailMail(s.config, input.email, input.name, token));
}

async function tellAlreadyRegistered(
  s: Services,
  existing: { userId: string; blocked: boolean },
  email: string,
  password: string | null,
  log: FlowLog,
): Promise<void> {
  // Spend the time a new account would spend hashing, so the answer comes as fast either way.
  if (password !== null) await hashPassword(password);
  if (existing.blocked || !mayMail(s, email, log)) return;
  s.mailer.sendLater(alreadyRegisteredMail(s.config, email, await userName(s.items.db, existing.userId)));
}

/** Confirms the address of the token's account; the token (and any other confirm link) is spent. */
export async function confirmEmail(s: Services, token: string): Promise<{ email: string }> {
  return s.items.db.transaction(async (tx) => {
    const t = await consume(tx, token, ['confirm']);
    const [c] = await query<{ email: string }>(
      tx,
      sql`update credentials set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where user_id = ${t.user_id} and not blocked returning email`,
    );
    if (!c) throw new AppError('identFailed', 'the account is blocked or gone');
    await tx.execute(
      sql`update tokens set revoked_at = now() where user_id = ${t.user_id} and kind = 'confirm' and revoked_at is null`,
    );
    await appendEvent(tx, { itemId: t.user_id, kind: 'emailConfirmed', actor: t.user_id });
    return { email: c.email };
  });
}

/** Mails a one-hour reset link when the address has an account that is not blocked. */
export async function forgotPassword(s: Services, email: string, log: FlowLog = QUIET): Promise<void> {
  const user = await findUserByEmail(s.items.db, email);
  if (!user || user.blocked) return;
  const row = await loadRow(s.items.db, user.userId);
  if (!row || row.deleted || !mayMail(s, email, log)) return;
  const { token } = await issueToken(s.items.db, user.userId, 'reset', RESET_TTL_MS);
  const name = typeof row.data.name === 'string' && row.data.name ? row.data.name : undefined;
  s.mailer.sendLater(resetPasswordMail(s.config, email, name, token));
}

/**
 * Sets the password from a reset (or invitation) link and signs the person in. The address is
 * proven by the link, so the account counts as confirmed. The user's other sessions and links
 * end: whoever knew the old password is out.
 */
export async function setPassword(
  s: Services,
  token: string,
  password: string,
): Promise<{ userId: string; token: string; expiresAt: Date }> {
  const hash = await hashPassword(password);
  return s.items.db.transaction(async (tx) => {
    const { t, userId, user, cred } = await linkAccount(s, tx, token, ['reset', 'invite']);
    if (cred?.blocked) throw new AppError('identFailed', 'the account is blocked');
    if (cred) {
      await tx.execute(sql`update credentials set password_hash = ${hash},
        email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where user_id = ${userId}`);
    } else {
      // An invited person may have no credentials yet: the User item holds the address.
      const email = typeof user.data.email === 'string' ? user.data.email.trim().toLowerCase() : '';
      if (!email) throw new AppError('identFailed', 'the account has no e-mail');
      const added = await query(
        tx,
        sql`insert into credentials (user_id, email, password_hash, email_confirmed_at)
          values (${userId}, ${email}, ${hash}, now()) on conflict do nothing returning user_id`,
      );
      if (added.length === 0) throw new AppError('alreadyExists', `another account uses ${email}`);
    }
    // Opening the invitation's link is the person's consent to join what it asks.
    if (t.kind === 'invite') await acceptInvitation(s.items, tx, token, userId);
    await tx.execute(sql`update tokens set revoked_at = now()
      where user_id = ${userId} and kind in ('session', 'reset', 'invite') and revoked_at is null`);
    await appendEvent(tx, { itemId: userId, kind: 'passwordSet', actor: userId, data: { via: t.kind } });
    const session = await issueToken(tx, userId, 'session', s.config.tokenTtlMs);
    return { userId, token: session.token, expiresAt: session.expiresAt };
  });
}

/**
 * The account a link names, its token used up: the User must still be a live person, and its
 * credentials (if any) are locked for the rest of the transaction.
 */
async function linkAccount(s: Services, tx: Executor, token: string, kinds: TokenKind[]) {
  const t = await consume(tx, token, kinds);
  const userId = t.user_id;
  const user = await loadRow(tx, userId);
  if (!user || user.deleted || user.type !== s.registry.principalType)
    throw new AppError('identFailed', 'the account is gone');
  const [cred] = await query<{ blocked: boolean }>(
    tx,
    sql`select blocked from credentials where user_id = ${userId} for update`,
  );
  return { t, userId, user, cred };
}

/**
 * Accepts an invitation with the invite link of an account that has a password already: the
 * person joins what the invitation asks, and nothing else changes (their password, sessions and
 * sign-in stay as they were). A new account accepts by choosing its password (setPassword).
 */
export async function acceptInvite(
  s: Services,
  token: string,
): Promise<{ userId: string; joined: string[] }> {
  return s.items.db.transaction(async (tx) => {
    const { userId, cred } = await linkAccount(s, tx, token, ['invite']);
    if (!cred) throw new AppError('invalidInput', 'a new account accepts by choosing its password');
    if (cred.blocked) throw new AppError('identFailed', 'the account is blocked');
    const joined = await acceptInvitation(s.items, tx, token, userId);
    await appendEvent(tx, { itemId: userId, kind: 'invitationAccepted', actor: userId, data: { joined } });
    return { userId, joined };
  });
}
