import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, requestPrincipal, type Principal, type Services } from '../../../server/module-api';

// The module's own file routes (the audit's CSV, a referral's PDF) refuse alike: the protocol's
// error body with the HTTP status of its key, never cached; and they know their caller as the
// item routes do (a bearer token or the token cookie).

/** The HTTP status of each refusal a file route gives; any other key is a bad request. */
const STATUS: Partial<Record<string, number>> = {
  notFound: 404,
  notAllowed: 403,
  identFailed: 401,
  tokenExpired: 401,
};

/** Whether the error is a refusal a route answers as such (not a fault of the server). */
export const isRefusal = (e: unknown): e is AppError => e instanceof AppError && STATUS[e.key] !== undefined;

export function refuse(reply: FastifyReply, e: AppError) {
  return reply
    .code(STATUS[e.key] ?? 400)
    .header('cache-control', 'private, no-store')
    .send(e.toBody());
}

/** The caller, or null once the refusal of a bad or expired token has been sent. */
export async function routePrincipal(
  s: Services,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal | null> {
  try {
    return await requestPrincipal(s, req);
  } catch (e) {
    await refuse(reply, e instanceof AppError ? e : new AppError('identFailed', 'bad token'));
    return null;
  }
}
