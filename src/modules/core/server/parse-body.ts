import type { z } from 'zod';
import { AppError } from '../../../protocol/errors';

/** Parses an act's body; a failure names every bad field (errors.invalidValue). */
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
