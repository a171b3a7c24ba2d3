import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorKey } from '../../protocol/errors';
import {
  acceptInvite,
  confirmEmail,
  forgotPassword,
  parseEmail,
  parseRegister,
  parseSetPass,
  parseToken,
  register,
  setPassword,
} from '../auth/account-flows';
import type { Services } from '../services';
import { errorBody } from '../ws/dispatch';

const STATUS: Partial<Record<ErrorKey, number>> = {
  invalidInput: 400,
  identFailed: 400,
  tokenExpired: 400,
  tooManyAttempts: 429,
  alreadyExists: 409,
};

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Every answer is JSON; a failure is the error body of docs/protocol.md with a fitting status. */
function guarded(handler: Handler): Handler {
  return async (req, reply) => {
    try {
      return await handler(req, reply);
    } catch (e) {
      const body = errorBody(e);
      if (!(e instanceof AppError)) req.log.error({ err: e }, `${req.url} failed`);
      if (body.userMessage === 'tooManyAttempts') reply.header('retry-after', '60');
      return reply.code(STATUS[body.userMessage] ?? 500).send(body);
    }
  };
}

/** Requests that send mail count against the per-address limit that sign-in uses. */
function limitByAddress(s: Services, req: FastifyRequest): void {
  if (!s.limits.address.hit(req.ip)) throw new AppError('tooManyAttempts', 'too many requests from here');
}

/**
 * POST /api/register, /api/confirm-email, /api/forgot-password, /api/set-pass, /api/accept-invite
 * (docs/protocol.md).
 */
export function accountRoutes(app: FastifyInstance, s: Services) {
  void app.register(async (scope) => {
    // A body Fastify cannot parse (not JSON, too large) still gets the protocol's error body.
    scope.setErrorHandler((err: { statusCode?: number }, req, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status === 500) req.log.error({ err }, `${req.url} failed`);
      const body =
        status === 500
          ? new AppError('generalFailure', 'the server could not complete the request').toBody()
          : new AppError('invalidInput', 'the body must be a JSON object').toBody();
      return reply.code(status).send(body);
    });
    routes(scope, s);
  });
}

function routes(app: FastifyInstance, s: Services) {
  app.post(
    '/api/register',
    guarded(async (req) => {
      const input = parseRegister(req.body);
      limitByAddress(s, req);
      await register(s, input, req.log);
      return { ok: true };
    }),
  );

  app.post(
    '/api/confirm-email',
    guarded(async (req) => {
      const { token } = parseToken(req.body);
      const { email } = await confirmEmail(s, token);
      return { ok: true, email };
    }),
  );

  app.post(
    '/api/forgot-password',
    guarded(async (req) => {
      const { email } = parseEmail(req.body);
      limitByAddress(s, req);
      await forgotPassword(s, email, req.log);
      return { ok: true };
    }),
  );

  app.post(
    '/api/accept-invite',
    guarded(async (req) => {
      const { token } = parseToken(req.body);
      const { joined } = await acceptInvite(s, token);
      return { ok: true, joined };
    }),
  );

  app.post(
    '/api/set-pass',
    guarded(async (req, reply) => {
      const { token, password } = parseSetPass(req.body);
      const session = await setPassword(s, token, password);
      return reply
        .header('token', session.token)
        .header('access-control-expose-headers', 'token')
        .send({ userId: session.userId, expiresAt: session.expiresAt.toISOString() });
    }),
  );
}
