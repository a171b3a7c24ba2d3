// Items on the wire (docs/protocol.md "Items on the wire"), shared by both sides.

/** Keys the server owns on the wire; a client may send them back but never sets them. */
export const SYSTEM_KEYS: ReadonlySet<string> = new Set([
  '$id',
  '$version',
  '$labels',
  '$labelOnly',
  '$v',
  '$allowed',
  '$notify',
  '$hideNotify',
  '$grants',
  '$userState',
  '_t',
  '_i',
  '_u',
  '_c',
  '_c.ts',
  '_m',
  '_score',
  'url',
]);

/**
 * An item's cultural protocols on the wire (docs/access-model.md "Cultural protocols"): the ids
 * of its organisation's Protocol items it is restricted to, absent when none, and whether the
 * reader must be in all of them (`$protocolsStrict`) rather than any one.
 */
export const PROTOCOLS_KEY = '$protocols';
export const PROTOCOLS_STRICT_KEY = '$protocolsStrict';
/** Protocols one item may be restricted to: a handful in practice. */
export const MAX_PROTOCOLS = 20;

export type WireItem = Record<string, unknown> & {
  _t: string;
  _i: number;
  $id: string;
  $version: number;
  _u: number;
  $access: string;
  owner: string | null;
  _c: { $id?: string; ts: string };
  /** The latest change: when, and by whom when known (the record tells one's own change from another's). */
  _m?: { ts: string; $id?: string };
  $labels?: Record<string, string>;
  /** With readAllowed: what the reader may do. */
  $allowed?: Record<string, boolean>;
};

/**
 * What act/timeline sends in place of a value the reader may not see (docs/access-model.md
 * "History"): a change's `from` or `to`, or an event's own data (then `$hidden: true` beside the
 * changes). The History screen words it ("an earlier value you may not see").
 */
export const HIDDEN_VALUE = Object.freeze({ $hidden: true as const });

export function isHiddenValue(v: unknown): boolean {
  return !!v && typeof v === 'object' && (v as Record<string, unknown>).$hidden === true;
}

/** One event of an item's history as act/timeline sends it (values withheld as HIDDEN_VALUE). */
export interface HistoryEvent {
  id: number;
  kind: string;
  actor: string | null;
  at: string;
  data: Record<string, unknown> | null;
}
