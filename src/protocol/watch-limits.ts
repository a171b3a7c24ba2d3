import type { MatchFilter } from './match';

// Limits on what one socket may watch (docs/protocol.md "Watches"). Every watch costs server
// memory for as long as the socket lives, and a type watch also costs a filter test on every
// change of its type, so both the number of watches and the size of their filters are bounded.
// A signed-out socket may only read PUBLIC items and the client never watches before sign-in,
// so its limits are much lower.

/** One type watch's match filter: at most this many keys… */
export const WATCH_FILTER_MAX_KEYS = 32;
/** …at most this many accepted values under one key… */
export const WATCH_FILTER_MAX_VALUES = 200;
/** …and at most this many bytes as JSON (UTF-8). */
export const WATCH_FILTER_MAX_BYTES = 8 * 1024;

export interface WatchLimits {
  /** Distinct items watched (addWatch/{id}); watching the same item again does not count twice. */
  items: number;
  /** Type watches (addWatch/{Type}-0), all types together. */
  types: number;
  /** The type watches' filters together, in bytes of JSON. */
  filterBytes: number;
}

/**
 * A signed-in socket. A heavy user has a few dozen open cells (one item watch each) and a few
 * list screens; a general search watches every searchable type (16 types registered, 10
 * searchable, today), so 500 type watches leave room for dozens of such lists as modules grow.
 */
export const SIGNED_IN_WATCH_LIMITS: WatchLimits = { items: 1000, types: 500, filterBytes: 256 * 1024 };

/** A signed-out socket: the web client sends no watches before sign-in; other clients need few. */
export const SIGNED_OUT_WATCH_LIMITS: WatchLimits = { items: 200, types: 20, filterBytes: 16 * 1024 };

export function watchLimitsFor(signedIn: boolean): WatchLimits {
  return signedIn ? SIGNED_IN_WATCH_LIMITS : SIGNED_OUT_WATCH_LIMITS;
}

/** The filter's size in bytes of JSON, or why it is over the per-filter limits. */
export function measureWatchFilter(filter: MatchFilter): { bytes: number } | { problem: string } {
  const keys = Object.keys(filter);
  if (keys.length > WATCH_FILTER_MAX_KEYS)
    return { problem: `a watch filter has at most ${WATCH_FILTER_MAX_KEYS} keys` };
  for (const k of keys)
    if ((filter[k]?.length ?? 0) > WATCH_FILTER_MAX_VALUES)
      return { problem: `a watch filter key has at most ${WATCH_FILTER_MAX_VALUES} values` };
  // TextEncoder, not Buffer: this module is shared with the browser client.
  const bytes = new TextEncoder().encode(JSON.stringify(filter)).length;
  if (bytes > WATCH_FILTER_MAX_BYTES)
    return { problem: `a watch filter is at most ${WATCH_FILTER_MAX_BYTES} bytes of JSON` };
  return { bytes };
}
