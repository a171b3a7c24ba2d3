// Business constants of spec core §9 that both sides need.
export const WS_MAX_MSG_SIZE = 1_048_576;
export const WS_REPLY_TIMEOUT_MS = 60_000;
export const HTTP_TIMEOUT_MS = 60_000;
export const PING_AFTER_SILENCE_MS = 30_000;
export const PING_REPLY_WAIT_MS = 45_000;
export const CLOSE_CODE_TOO_BIG = 1009;
export const CLOSE_CODE_NO_PONG = 4500;
/** Auth-related closes use this code; the reason string carries identFailed, tokenExpired, … */
export const CLOSE_CODE_AUTH = 4401;
export const CLOSE_REASONS = ['identFailed', 'expiredOnConnect', 'tokenExpired', 'signedout'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
export const DEFAULT_SEARCH_MAX = 50;
export const MAX_ALL = 2_147_483_647;
export const DEFAULT_BOUNDS = [-141, 48, -53, 70] as const;
export const ANONYMOUS_USER_ID = 'User-0';
export const CORE_CAPABILITY = 'Core';
/** The type of an organisation's cultural protocols (docs/access-model.md "Cultural protocols"). */
export const PROTOCOL_TYPE = 'Protocol';
export const TOKEN_COOKIE = 'Access-Token';
/**
 * The deepest nesting of objects and arrays in an inbound message (a frame on /ws, counting the
 * frame itself, or an HTTP JSON body). Real messages stay under 15 (a search with nested subs,
 * a GeometryCollection); a fuzzer's thousands of levels would overflow recursive code.
 */
export const MAX_INPUT_DEPTH = 64;
/** The deepest nesting inside one value of a `json` property (SavedSearch criteria: about 5). */
export const MAX_JSON_DEPTH = 32;
/**
 * The longest JSON text of one `json` property value, in characters. Views saved with thousands
 * of filters (sent through the HTTP fallback) stay well under it.
 */
export const MAX_JSON_LENGTH = 4 * 1_048_576;
