import { PROTOCOLS_KEY, PROTOCOLS_STRICT_KEY, type WireItem } from '../../protocol/item';
import type { ItemRow } from './rows';

export { SYSTEM_KEYS, type WireItem } from '../../protocol/item';

/**
 * The item as the client sees it (docs/protocol.md "Items on the wire"). Built key by key, not as
 * `{ ...row.data, _t, … }`: V8 (Node 20) gives a spread's copy a shape of its own, and every key
 * added after it then takes the slow path. That was 6 µs of every read (20 % of the server's time
 * under bench:ws-items); this is about 0.1 µs. A key named `__proto__` (never written by the item
 * service, which refuses it) is skipped: assigning it would set the copy's prototype.
 */
export function toWire(row: ItemRow): WireItem {
  const c: { $id?: string; ts: string } = { ts: row.createdAt };
  if (row.createdBy) c.$id = row.createdBy;
  const m: { $id?: string; ts: string } = { ts: row.updatedAt };
  if (row.updatedBy) m.$id = row.updatedBy;
  const out: Record<string, unknown> = {};
  const data = row.data;
  for (const key of Object.keys(data)) if (key !== '__proto__') out[key] = data[key];
  out._t = row.type;
  out._i = row.num;
  out.$id = row.id;
  out.$version = row.version;
  out._u = row.u;
  out.$access = row.access;
  out.owner = row.owner;
  out._c = c;
  out._m = m;
  out.url = `/i-${row.id}`;
  if (row.protocols) {
    out[PROTOCOLS_KEY] = row.protocols;
    out[PROTOCOLS_STRICT_KEY] = row.protocolStrict;
  }
  return out as WireItem;
}
