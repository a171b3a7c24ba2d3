import { renderLabel } from '../../../../kernel/label';
import { loadRows, type ActHandler } from '../../../../server/module-api';
import { STREAM_BATCH_DEFAULT, type mapActs, type MapFeature } from '../../contract-map';
import { rememberSent } from './sent';
import { proxyTypeAllowed, streamQuery } from './stream-query';

/**
 * streamFeatures (spec §7): one batch of features. The ids are search's (the read rule in SQL);
 * each row is read and checked against the policy again before it is sent, so a row that became
 * unreadable between the two reads is left out. The cursor is the next offset.
 */
export const streamFeatures: ActHandler<typeof mapActs.streamFeatures> = async (call) => {
  const { services, principal, body, session } = call;
  const { items, search, registry } = services;
  const offset = body.cursor ? Number(body.cursor) : 0;
  const max = body.batch ?? STREAM_BATCH_DEFAULT;
  const found = await search.search(principal, streamQuery(registry, body, offset, max));
  const rows = await loadRows(items.db, found.ids);
  const features: Record<string, MapFeature> = {};
  for (const id of found.ids) {
    const row = rows.get(id);
    if (!row || row.deleted || !(await items.canRow(principal, 'read', row))) continue;
    const d = row.data;
    if (!d.geometry || !proxyTypeAllowed(row.type, d.rel, body.onlyProxyTypes)) continue;
    const type = registry.type(row.type);
    const f: MapFeature = {
      t: row.type,
      label: type ? renderLabel(type, row.id, d) : row.id,
      spatialType: typeof d.spatialType === 'string' ? d.spatialType : null,
      geometry: d.geometry,
    };
    if (typeof d.accuracy === 'number') f.accuracy = d.accuracy;
    if (typeof d.collection === 'string') f.collection = d.collection;
    if (typeof d.rel === 'string') f.rel = d.rel;
    features[id] = f;
  }
  if (session) rememberSent(session, Object.keys(features));
  const next = offset + found.ids.length;
  return {
    features,
    cursor: found.ids.length === max && next < found.total ? String(next) : null,
    total: found.total,
  };
};
