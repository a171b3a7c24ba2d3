import type { WireItem } from '../../protocol/item';
import type { ItemRow } from './rows';

export { SYSTEM_KEYS, type WireItem } from '../../protocol/item';

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
