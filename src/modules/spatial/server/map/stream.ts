import { renderLabel } from '../../../../kernel/label';
import { loadRowsAsSystem, rememberSent, type ActHandler } from '../../../../server/module-api';
import { STREAM_BATCH_DEFAULT, type mapActs, type MapFeature } from '../../contract-map';
import { accuracyOf, itemGeometry, proxyTypeAllowed, queryStream, streamQuery } from './stream-query';

/**
 * streamFeatures (spec §7): one batch of features. The ids are search's (the read rule in SQL);
 * each row is read and checked against the policy again before it is sent, so a row that became
 * unreadable between the two reads is left out. The cursor is the last id of the batch (keyset
 * paging: the first batch and the last cost the same). The total is counted only when asked
 * (`count`, the client's second batch) or when the first batch is the whole stream, so the first
 * batch never waits for every match to be counted.
 */
export const streamFeatures: ActHandler<typeof mapActs.streamFeatures> = async (call) => {
  const { services, principal, body, session } = call;
  const { items, search, registry } = services;
  const max = body.batch ?? STREAM_BATCH_DEFAULT;
  // One more than the batch: whether another batch follows, without an empty last one.
  const query = body.query
    ? queryStream(registry, body.query, body, max + 1)
    : streamQuery(registry, body, max + 1);
  if (!query) return { features: {}, cursor: null, total: 0 };
  const [page, counted] = await Promise.all([
    search.idsAfter(principal, query, body.cursor ?? null),
    body.count ? search.count(principal, query) : null,
  ]);
  const more = page.length > max;
  const ids = more ? page.slice(0, max) : page;
  // As the system: the ids are the asker's search; each row is checked (canRow) below before it is sent.
  const rows = await loadRowsAsSystem(items.db, ids);
  const features: Record<string, MapFeature> = {};
  for (const id of ids) {
    const row = rows.get(id);
    if (!row || row.deleted || !(await items.canRow(principal, 'read', row))) continue;
    const d = row.data;
    const type = registry.type(row.type);
    const geometry = itemGeometry(type, d);
    if (!geometry || !proxyTypeAllowed(row.type, d.rel, body.onlyProxyTypes)) continue;
    const f: MapFeature = {
      t: row.type,
      label: type ? renderLabel(type, row.id, d) : row.id,
      spatialType: typeof d.spatialType === 'string' ? d.spatialType : null,
      geometry,
    };
    const accuracy = accuracyOf(type, d);
    if (accuracy !== undefined) f.accuracy = accuracy;
    if (typeof d.collection === 'string') f.collection = d.collection;
    if (typeof d.rel === 'string') f.rel = d.rel;
    features[id] = f;
  }
  if (session) rememberSent(session, Object.keys(features));
  const last = ids[ids.length - 1];
  return {
    features,
    cursor: more && last ? last : null,
    total: counted ?? (!more && !body.cursor ? ids.length : null),
  };
};
