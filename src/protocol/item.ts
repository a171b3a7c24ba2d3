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

export type WireItem = Record<string, unknown> & {
  _t: string;
  _i: number;
  $id: string;
  $version: number;
  _u: number;
  $access: string;
  owner: string | null;
  _c: { $id?: string; ts: string };
  _m?: { ts: string };
  $labels?: Record<string, string>;
  /** With readAllowed: what the reader may do. */
  $allowed?: Record<string, boolean>;
};
