import type { z } from 'zod';
import { AppError } from '../../../protocol/errors';
import type { Principal } from '../../../server/module-api';

// Shared by the core acts: body validation with field errors, and the signed-in check.

export function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body);
  if (!r.success)
    throw new AppError(
      'invalidInput',
      r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      {
        fields: r.error.issues.map((i) => ({ path: i.path.join('.'), key: 'errors.invalidValue' as const })),
      },
    );
  return r.data;
}

export function signedIn(p: Principal): asserts p is Principal & { userId: string } {
  if (!p.userId) throw new AppError('notAllowed', 'sign in first');
}
