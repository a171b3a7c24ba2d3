// The authentication states of spec core §4.
export const AUTH_STATES = [
  'NONE',
  'TOKEN_LOCAL',
  'TOKEN_SIGN_IN',
  'USER_VALID',
  'TOKEN_WARNING',
  'CONNECTION_LOST',
  'SIGNOUT',
  'OTHER_TAB_SIGNOUT',
  'TOKEN_EXPIRY',
  'CONNECT_EXPIRY',
  'IDENT_FAILED',
] as const;
export type AuthState = (typeof AUTH_STATES)[number];

/** The token counts as valid in these states. */
export const TOKEN_VALID_STATES: ReadonlySet<AuthState> = new Set([
  'USER_VALID',
  'TOKEN_LOCAL',
  'TOKEN_SIGN_IN',
  'TOKEN_WARNING',
  'CONNECTION_LOST',
]);

/** Item caches, watches and tasks are cleared on entering these states. */
export const CLEARING_STATES: ReadonlySet<AuthState> = new Set([
  'NONE',
  'TOKEN_SIGN_IN',
  'SIGNOUT',
  'OTHER_TAB_SIGNOUT',
]);

/** Expiry and failure states clear the user. */
export const USER_CLEARING_STATES: ReadonlySet<AuthState> = new Set([
  'TOKEN_EXPIRY',
  'CONNECT_EXPIRY',
  'IDENT_FAILED',
]);

/** Socket close reasons from the server, mapped to the state they lead to; anything else is a lost connection. */
export function stateForCloseReason(reason: string): AuthState {
  switch (reason) {
    case 'identFailed':
      return 'IDENT_FAILED';
    case 'expiredOnConnect':
      return 'CONNECT_EXPIRY';
    case 'tokenExpired':
      return 'TOKEN_EXPIRY';
    case 'signedout':
      return 'SIGNOUT';
    default:
      return 'CONNECTION_LOST';
  }
}

export type Health = 'GOOD' | 'WAIT' | 'BAD';

/** Reconnect after 3 s + min(2^failures, 600) s + 0–10 s of jitter (DESIGN §4). */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  return 3_000 + Math.min(2 ** failures, 600) * 1_000 + Math.floor(random() * 10_000);
}
