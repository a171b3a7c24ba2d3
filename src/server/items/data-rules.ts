import { AppError, type RuleKey } from '../../protocol/errors';

/**
 * Unique indexes on item data, and the field error each one means. The database enforces them
 * (so concurrent writes cannot both pass); this turns the violation into a clear field error.
 */
const UNIQUE_KEYS: Record<string, { path: string; key: RuleKey; message: string }> = {
  items_lov_key: {
    path: 'key',
    key: 'errors.lovKeyTaken',
    message: 'this list already has a value with that key in this organisation',
  },
};

/** The field error for a unique violation of one of UNIQUE_KEYS, or the error unchanged. */
export function uniqueViolation(e: unknown): unknown {
  for (const err of [e, (e as { cause?: unknown })?.cause]) {
    const o = err as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
    if (!o || o.code !== '23505') continue;
    const text = `${String(o.constraint ?? '')} ${String(o.message ?? '')}`;
    for (const [name, f] of Object.entries(UNIQUE_KEYS))
      if (text.includes(name))
        return new AppError('invalidInput', `${f.path}: ${f.message}`, {
          fields: [{ path: f.path, key: f.key }],
        });
  }
  return e;
}

/** A translations value: language codes (en, fr, hur, pt-BR) mapped to non-empty text. */
export function isTranslations(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.entries(v).every(
    ([lang, text]) =>
      /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang) && typeof text === 'string' && text.trim() !== '',
  );
}
