import type { WebSocket } from 'ws';
import {
  CLOSE_CODE_AUTH,
  CLOSE_CODE_NO_PONG,
  PING_AFTER_SILENCE_MS,
  PING_REPLY_WAIT_MS,
  WS_MAX_MSG_SIZE,
} from '../../protocol/constants';
import { AppError } from '../../protocol/errors';
import { InboundFrame } from '../../protocol/frames';
import { ANONYMOUS } from '../access/principal';
import { authenticate } from '../auth/authenticate';
import { issueToken, revokeToken } from '../auth/tokens';
import { userSession } from '../auth/user-session';
import { assertSafeInput } from '../http/inbound-guard';
import type { Services } from '../services';
import { dispatch, errorBody, replyFrame } from './dispatch';
import { Session } from './session';
import { sql } from 'drizzle-orm';

export interface SocketLog {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/** Serves one WebSocket: validates every frame, answers every request, never lets one crash the node. */
export function serveSocket(
  services: Services,
  socket: WebSocket,
  remoteAddress: string,
  cookieToken: string | null,
  log: SocketLog,
) {
  const session = new Session(socket, remoteAddress, cookieToken);
  services.hub.add(session);
  const heartbeat = startHeartbeat(session);

  socket.on('message', (raw, isBinary) => {
    void handle(raw.toString(), isBinary);
  });
  socket.on('close', () => {
    session.closed = true;
    session.clearTimers();
    clearInterval(heartbeat);
    services.hub.remove(session);
  });
  socket.on('error', (err) => log.warn({ err }, 'socket error'));

  async function handle(text: string, isBinary: boolean) {
    let json: unknown;
    try {
      if (isBinary) throw new Error('binary');
      json = JSON.parse(text);
    } catch {
      session.send({ o: 'error', b: new AppError('invalidJson', 'frames are JSON text').toBody() });
      return;
    }
    const frame = InboundFrame.safeParse(json);
    if (!frame.success) {
      const s = (json as { s?: unknown })?.s;
      session.send({
        o: 'error',
        b: new AppError('invalidInput', 'a frame is {o, b, s, v}').toBody(),
        ...(typeof s === 'string' || typeof s === 'number' ? { s: String(s) } : {}),
      });
      return;
    }
    const { o, b, v } = frame.data;
    const s = frame.data.s === undefined ? undefined : String(frame.data.s);
    try {
      // Before any handler: too deep or a NUL anywhere in the frame is invalidInput (inbound-guard).
      assertSafeInput(json, 'b');
      let result: unknown;
      if (o === 'tokenAuth') result = await tokenAuth(b, v);
      else if (o === 'signout') result = await signout();
      else if (o === 'nextToken') result = await nextToken();
      else result = await dispatch({ services, principal: session.principal, session, op: o, body: b });
      await sendReply(replyFrame(o, s, result));
      if (o === 'signout') session.close(CLOSE_CODE_AUTH, 'signedout');
    } catch (e) {
      if (!(e instanceof AppError)) log.error({ err: e, op: o }, 'request failed');
      session.send({ o, b: errorBody(e), ...(s !== undefined ? { s } : {}) });
    }
  }

  /** A reply over the message limit is held for GET /ws-lrg/{key}; the socket carries lrg/{key}. */
  async function sendReply(frame: ReturnType<typeof replyFrame>) {
    const text = JSON.stringify(frame);
    if (Buffer.byteLength(text) <= WS_MAX_MSG_SIZE - 1024) return session.sendText(text);
    const key = await services.largeReplies.put(session.principal.userId, text);
    session.send({
      o: `lrg/${key}`,
      b: { size: Buffer.byteLength(text) },
      ...(frame.s !== undefined ? { s: frame.s } : {}),
    });
  }

  async function tokenAuth(b: unknown, clientVersion: string | undefined) {
    const given = (b as { token?: unknown } | undefined)?.token;
    const token = typeof given === 'string' && given ? given : session.cookieToken;
    const fail = (reason: 'identFailed' | 'expiredOnConnect') => {
      setTimeout(() => session.close(CLOSE_CODE_AUTH, reason), 10);
      return new AppError(reason === 'identFailed' ? 'identFailed' : 'tokenExpired', reason);
    };
    if (!token) throw fail('identFailed');
    const auth = await authenticate(services.items.db, token);
    if (!auth.ok) throw fail(auth.reason === 'expired' ? 'expiredOnConnect' : 'identFailed');
    const { principal, record } = auth;
    session.principal = principal;
    adoptToken(token, record.expiresAt);
    // An admin acting as someone is not that person being seen ($userState).
    if (!principal.masqueradeFrom)
      await services.items.db.execute(
        sql`update credentials set last_seen = now() where user_id = ${principal.userId}`,
      );
    void clientVersion; // the client compares versions itself and reloads (spec core §4)
    return userSession(services, principal, record.expiresAt);
  }

  function adoptToken(token: string, expiresAt: Date) {
    session.clearTimers();
    session.token = token;
    session.tokenExpiresAt = expiresAt;
    const left = expiresAt.getTime() - Date.now();
    session.setTimer(left - services.config.tokenWarningMs, () =>
      session.push('tokenWarning', { expiresAt: expiresAt.toISOString() }),
    );
    session.setTimer(left, () => {
      session.principal = ANONYMOUS;
      session.close(CLOSE_CODE_AUTH, 'tokenExpired');
    });
  }

  async function signout() {
    if (session.token) await revokeToken(services.items.db, session.token);
    session.token = null;
    session.principal = ANONYMOUS;
    return {};
  }

  async function nextToken() {
    if (!session.principal.userId || !session.token) throw new AppError('notAllowed', 'sign in first');
    const old = session.token;
    // A new token only for a principal who would be let in now: the token live, the account not
    // blocked, a masquerading admin still an admin and not blocked.
    const auth = await authenticate(services.items.db, old);
    if (!auth.ok) {
      session.principal = ANONYMOUS;
      setTimeout(() => session.close(CLOSE_CODE_AUTH, 'identFailed'), 10);
      throw new AppError('identFailed', 'the session no longer authenticates');
    }
    const p = auth.principal;
    session.principal = p;
    // A masquerade never outlasts the token it started with (the admin's, bounded at start).
    const fresh = await issueToken(
      services.items.db,
      p.userId!,
      'session',
      services.config.tokenTtlMs,
      p.masqueradeFrom,
      p.masqueradeFrom ? auth.record.expiresAt : undefined,
    );
    await revokeToken(services.items.db, old);
    adoptToken(fresh.token, fresh.expiresAt);
    return { token: fresh.token, expiresAt: fresh.expiresAt.toISOString() };
  }

  return session;
}

/** Protocol-level pings find dead peers; a peer silent for the wait is closed with 4500. */
function startHeartbeat(session: Session) {
  let waitingSince: number | null = null;
  session.socket.on('pong', () => (waitingSince = null));
  session.socket.on('message', () => (waitingSince = null));
  return setInterval(() => {
    if (waitingSince !== null && Date.now() - waitingSince > PING_REPLY_WAIT_MS) {
      session.close(CLOSE_CODE_NO_PONG, 'noPong');
      return;
    }
    if (waitingSince === null) {
      waitingSince = Date.now();
      if (session.socket.readyState === session.socket.OPEN) session.socket.ping();
    }
  }, PING_AFTER_SILENCE_MS).unref();
}
