import { PROTOCOLS_KEY, PROTOCOLS_STRICT_KEY, type WireItem } from '../../protocol/item';
import type { ItemRow } from './rows';

export { SYSTEM_KEYS, type WireItem } from '../../protocol/item';

/** The item as the client sees it (docs/protocol.md "Items on the wire"). */
export function toWire(row: ItemRow): WireItem {
  const c: { $id?: string; ts: string } = { ts: row.createdAt };
  if (row.createdBy) c.$id = row.createdBy;
  const m: { $id?: string; ts: string } = { ts: row.updatedAt };
  if (row.updatedBy) m.$id = row.updatedBy;
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
    _m: m,
    url: `/i-${row.id}`,
    ...(row.protocols ? { [PROTOCOLS_KEY]: row.protocols, [PROTOCOLS_STRICT_KEY]: row.protocolStrict } : {}),
  };
}
