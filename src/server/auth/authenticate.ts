import { sql } from 'drizzle-orm';
import type { Principal } from '../access/principal';
import type { Executor } from '../db/open';
import { query } from '../db/query';
import { loadPrincipal } from './principals';
import { checkToken, type TokenRecord } from './tokens';

export type AuthResult =
  { ok: true; principal: Principal; record: TokenRecord } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * The one check of a session token, for the socket and for HTTP alike: the token must be live,
 * the user must exist, and the account must not be blocked (nor, while masquerading, the admin's).
 */
export async function authenticate(ex: Executor, token: string): Promise<AuthResult> {
  const check = await checkToken(ex, token);
  if (!check.ok) return check;
  const principal = await loadPrincipal(ex, check.record.userId, check.record.masqueradeFrom);
  if (!principal) return { ok: false, reason: 'unknown' };
  const [cred] = await query<{ blocked: boolean }>(
    ex,
    sql`select blocked from credentials where user_id = ${check.record.userId}`,
  );
  if (cred?.blocked) return { ok: false, reason: 'unknown' };
  // A masquerade lasts only while the admin behind it is still an admin and not blocked.
  const from = check.record.masqueradeFrom;
  if (from) {
    const real = await loadPrincipal(ex, from);
    const [realCred] = await query<{ blocked: boolean }>(
      ex,
      sql`select blocked from credentials where user_id = ${from}`,
    );
    if (!real?.admin || realCred?.blocked) return { ok: false, reason: 'unknown' };
  }
  return { ok: true, principal, record: check.record };
}
