import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open';
import { query } from '../db/query';

export type TokenKind = 'session' | 'reset' | 'confirm' | 'invite';

export interface TokenRecord {
  userId: string;
  kind: TokenKind;
  expiresAt: Date;
  masqueradeFrom: string | null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newTokenValue(): string {
  return randomBytes(32).toString('base64url');
}

export async function issueToken(
  ex: Executor,
  userId: string,
  kind: TokenKind,
  ttlMs: number,
  masqueradeFrom: string | null = null,
  /** The token expires no later than this (a masquerade never outlasts the token it began with). */
  notAfter?: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newTokenValue();
  // The cap is applied to the instant itself: a ttl computed from it by the caller would be read
  // against a later clock here and overshoot by the milliseconds in between.
  const expiresAt = new Date(Math.min(Date.now() + ttlMs, notAfter?.getTime() ?? Infinity));
  await ex.execute(sql`insert into tokens (hash, user_id, kind, expires_at, masquerade_from)
    values (${hashToken(token)}, ${userId}, ${kind}, ${expiresAt.toISOString()}, ${masqueradeFrom})`);
  return { token, expiresAt };
}

export type TokenCheck = { ok: true; record: TokenRecord } | { ok: false; reason: 'unknown' | 'expired' };

export async function checkToken(
  ex: Executor,
  token: string,
  kind: TokenKind = 'session',
): Promise<TokenCheck> {
  if (!token || token.length > 200) return { ok: false, reason: 'unknown' };
  const [r] = await query<{
    user_id: string;
    kind: TokenKind;
    expires_at: string | Date;
    revoked_at: unknown;
    masquerade_from: string | null;
  }>(
    ex,
    sql`select user_id, kind, expires_at, revoked_at, masquerade_from from tokens where hash = ${hashToken(token)} and kind = ${kind}`,
  );
  if (!r || r.revoked_at) return { ok: false, reason: 'unknown' };
  const expiresAt = new Date(r.expires_at);
  if (expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    record: { userId: r.user_id, kind: r.kind, expiresAt, masqueradeFrom: r.masquerade_from },
  };
}

export async function revokeToken(ex: Executor, token: string): Promise<void> {
  await ex.execute(
    sql`update tokens set revoked_at = now() where hash = ${hashToken(token)} and revoked_at is null`,
  );
}
