import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../protocol/errors';
import { InboundFrame, replyOp } from '../../protocol/frames';
import { ANONYMOUS, type Principal } from '../access/principal';
import { authenticate } from '../auth/authenticate';
import { TOKEN_COOKIE } from '../../protocol/constants';
import type { Services } from '../services';
import { originAllowed, SAFE_METHODS } from './origin';
import { dispatch, errorBody } from '../ws/dispatch';
import { assertSafeInput, type OwnInputCheck } from './inbound-guard';

const HTTP_BODY_LIMIT = 64 * 1024 * 1024;

/** The token from `Authorization: Bearer …`, else from the cookie. */
export function requestToken(req: FastifyRequest): string | null {
  return bearerToken(req) ?? (req.cookies?.[TOKEN_COOKIE] || null);
}

function bearerToken(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() || null : null;
}

/** Resolves the caller: a bad or expired token is an error, no token is a signed-out visitor. */
export async function requestPrincipal(s: Services, req: FastifyRequest): Promise<Principal> {
  const token = requestToken(req);
  if (!token) return ANONYMOUS;
  // The cookie alone may not change anything for another site's page (src/server/http/origin.ts);
  // it is refused like a bad token, and only the log says why.
  if (!bearerToken(req) && !SAFE_METHODS.has(req.method) && !originAllowed(s.config, req.headers)) {
    req.log.warn(
      { origin: req.headers.origin, url: req.url },
      'cookie sign-in from a foreign origin refused',
    );
    throw new AppError('identFailed', 'bad token');
  }
  const auth = await authenticate(s.items.db, token);
  if (!auth.ok) throw new AppError(auth.reason === 'expired' ? 'tokenExpired' : 'identFailed', 'bad token');
  return auth.principal;
}

/** POST /api/item: the same message as on the socket, for large messages or when the socket is down. */
export function itemFallbackRoute(app: FastifyInstance, s: Services) {
  void app.register(async (scope) => {
    // A body Fastify refuses before the handler (not JSON, empty, a `__proto__` key, an unknown
    // content type, too large) still gets the protocol's error body, in `data` like every reply.
    scope.setErrorHandler((err: { statusCode?: number }, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) req.log.error({ err }, 'fallback request failed');
      const data =
        status === 500
          ? new AppError('generalFailure', 'the server could not complete the request').toBody()
          : new AppError('invalidInput', 'a message is a JSON object {o, b, s}').toBody();
      return reply.code(status).send({ data });
    });
    route(scope, s);
  });
}

function route(app: FastifyInstance, s: Services) {
  // The body is checked here rather than by the inbound guard, so a bad one is answered as any
  // failed request is: {o, s, data: error body}, like the socket's reply.
  const config: OwnInputCheck = { checksOwnBody: true };
  app.post('/api/item', { bodyLimit: HTTP_BODY_LIMIT, config }, async (req, reply) => {
    const frame = InboundFrame.safeParse(req.body);
    if (!frame.success)
      return reply.code(400).send({ data: new AppError('invalidInput', 'a message is {o, b, s}').toBody() });
    const { o, b } = frame.data;
    const seq = frame.data.s === undefined ? undefined : String(frame.data.s);
    try {
      assertSafeInput(req.body, 'b');
      if (o === 'tokenAuth' || o === 'signout' || o === 'nextToken')
        throw new AppError('unknownOperation', `${o} is a socket operation`);
      const principal = await requestPrincipal(s, req);
      const data = await dispatch({ services: s, principal, session: null, op: o, body: b });
      return { o: replyOp(o), s: seq, data };
    } catch (e) {
      const body = errorBody(e);
      const code = body.userMessage === 'identFailed' || body.userMessage === 'tokenExpired' ? 401 : 200;
      if (!(e instanceof AppError)) req.log.error({ err: e }, 'fallback request failed');
      return reply.code(code).send({ o: replyOp(o), s: seq, data: body });
    }
  });
}
