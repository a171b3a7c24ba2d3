import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../protocol/errors';
import { findUserByEmail } from '../auth/accounts';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { issueToken } from '../auth/tokens';
import type { Services } from '../services';

const SignInBody = z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(1000) });

/**
 * POST /api/sign-in: 200 with the token in the `token` header, 401 on wrong credentials, 403 while the
 * e-mail is unconfirmed, 429 when limited.
 */
export function signInRoute(app: FastifyInstance, s: Services) {
  app.post('/api/sign-in', async (req, reply) => {
    const parsed = SignInBody.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send(new AppError('invalidInput', 'sign-in takes {email, password}').toBody());
    const email = parsed.data.email.trim().toLowerCase();
    const byAddress = s.limits.address.hit(req.ip);
    const accountKey = `acct:${email}`;
    if (!byAddress || s.limits.account.blocked(accountKey))
      return reply
        .code(429)
        .header('retry-after', '60')
        .send(new AppError('tooManyAttempts', 'too many sign-in attempts').toBody());
    const user = await findUserByEmail(s.items.db, email);
    const ok = await verifyPassword(parsed.data.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok || user.blocked) {
      s.limits.account.hit(accountKey);
      return reply.code(401).send(new AppError('signInFailed', 'wrong e-mail or password').toBody());
    }
    s.limits.account.reset(accountKey);
    // Only the owner of the address gets this far (the password was right), so saying why
    // reveals nothing to anyone else.
    if (!user.confirmed)
      return reply
        .code(403)
        .send(new AppError('emailNotConfirmed', 'open the link in the confirmation e-mail first').toBody());
    const { token, expiresAt } = await issueToken(s.items.db, user.userId, 'session', s.config.tokenTtlMs);
    return reply
      .header('token', token)
      .header('access-control-expose-headers', 'token')
      .send({ userId: user.userId, expiresAt: expiresAt.toISOString() });
  });
}
