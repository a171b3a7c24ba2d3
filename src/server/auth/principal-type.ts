import { appRegistry } from '../../modules';

let cached: string | undefined;

/**
 * The type whose items are the people who sign in (`access.principal`, core's User), for code
 * that reads accounts without a registry at hand (loading a principal from a token, counting
 * accounts at start). Where there is one, `registry.principalType` says the same.
 */
export function principalType(): string {
  cached ??= appRegistry().principalType;
  return cached;
}
