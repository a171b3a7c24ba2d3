import { appRegistry } from '../../modules';

let cached: string | undefined;
let registry: ReturnType<typeof appRegistry> | undefined;

/**
 * The type whose items are the people who sign in (`access.principal`, core's User), for code
 * that reads accounts without a registry at hand (loading a principal from a token, counting
 * accounts at start). Where there is one, `registry.principalType` says the same.
 */
export function principalType(): string {
  cached ??= appRegistry().principalType;
  return cached;
}

/** An organisation's kind: the value of its type's `kindField` (core's Organization `type`). */
export function orgKindOf(type: string, data: Record<string, unknown>): string | null {
  registry ??= appRegistry();
  const field = registry.types.get(type)?.access.kindField;
  const v = field ? data[field] : undefined;
  return typeof v === 'string' ? v : null;
}
