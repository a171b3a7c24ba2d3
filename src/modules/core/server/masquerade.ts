import { sql } from 'drizzle-orm';
import { AppError } from '../../../protocol/errors';
import {
  appendEvent,
  issueToken,
  loadPrincipal,
  loadRowAsSystem,
  query,
  revokeToken,
} from '../../../server/module-api';
import type { CoreCall } from './act-input';

// act/masquerade (spec core §4, §7): an admin acts as another user and stops again. The new
// token carries the admin's id (tokens.masquerade_from), so every event records the real actor.

export async function masquerade({ services, principal, session, body: b }: CoreCall<'masquerade'>) {
  // The token's expiry bounds the masquerade: it needs the socket that holds the token.
  if (!session?.token || !session.tokenExpiresAt)
    throw new AppError('unknownOperation', 'masquerade needs the WebSocket');
  const realId = principal.masqueradeFrom ?? principal.userId;
  if (!realId) throw new AppError('notAllowed', 'sign in first');
  const real = principal.masqueradeFrom ? await loadPrincipal(services.items.db, realId) : principal;
  if (!real?.admin) throw new AppError('notAllowed', 'only admins masquerade');
  const db = services.items.db;
  const oldToken = session.token;

  if ('stop' in b) {
    const target = principal.masqueradeFrom ? principal.userId : null;
    if (!target) throw new AppError('invalidInput', 'not masquerading');
    const fresh = await db.transaction(async (tx) => {
      const t = await issueToken(tx, realId, 'session', services.config.tokenTtlMs);
      await revokeToken(tx, oldToken);
      await appendEvent(tx, { itemId: target, kind: 'masqueradeStopped', actor: realId, realActor: realId });
      return t;
    });
    return { newToken: fresh.token, expiresAt: fresh.expiresAt.toISOString(), userId: realId };
  }

  const targetId = b.targetUserID;
  if (targetId === realId) throw new AppError('invalidInput', 'an admin is already themselves');
  // As the system: an admin (checked above) picks the user to act as.
  const target = await loadRowAsSystem(db, targetId);
  if (!target || target.deleted || target.type !== 'User')
    throw new AppError('notFound', `${targetId} not found`);
  const [cred] = await query<{ blocked: boolean }>(
    db,
    sql`select blocked from credentials where user_id = ${targetId}`,
  );
  if (cred?.blocked) throw new AppError('notAllowed', `${targetId} is blocked`);
  // Never longer than the token it replaces: masquerading cannot extend the admin's session.
  const until = session.tokenExpiresAt;
  if (until.getTime() <= Date.now()) throw new AppError('tokenExpired', 'the session has expired');
  const fresh = await db.transaction(async (tx) => {
    const t = await issueToken(tx, targetId, 'session', services.config.tokenTtlMs, realId, until);
    await revokeToken(tx, oldToken);
    if (principal.masqueradeFrom && principal.userId)
      await appendEvent(tx, {
        itemId: principal.userId,
        kind: 'masqueradeStopped',
        actor: realId,
        realActor: realId,
      });
    await appendEvent(tx, { itemId: targetId, kind: 'masqueradeStarted', actor: realId, realActor: realId });
    return t;
  });
  return { newToken: fresh.token, expiresAt: fresh.expiresAt.toISOString(), userId: targetId };
}
