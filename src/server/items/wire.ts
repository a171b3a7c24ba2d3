import type { ItemRow } from './rows';

/** Keys the server owns on the wire; a client may send them back but never sets them. */
export const SYSTEM_KEYS = new Set([
  '$id',
  '$version',
  '$labels',
  '$labelOnly',
  '$v',
  '$allowed',
  '$notify',
  '$hideNotify',
  '$grants',
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
  $labels?: Record<string, string>;
};

/** The item as the client sees it (docs/protocol.md "Items on the wire"). */
export function toWire(row: ItemRow): WireItem {
  const c: { $id?: string; ts: string } = { ts: row.createdAt };
  if (row.createdBy) c.$id = row.createdBy;
  return {
    ...row.data,
    _t: row.type,
    _i: row.num,
    $id: row.id,
    $version: row.version,
    _u: row.u,
    $access: row.access,
    owner: row.owner,
    _c: c,
    _m: { ts: row.updatedAt },
    url: `/i-${row.id}`,
  };
}
