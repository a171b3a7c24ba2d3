import { renderLabel } from '../../../../kernel/label';
import { loadRowsAsSystem, rememberSent, type ActHandler, type ItemRow } from '../../../../server/module-api';
import {
  FIELD_MAP_BATCH_DEFAULT,
  FIELD_MAP_TYPES,
  type FieldMapFeature,
  type mapActs,
  type StreamFieldDataBody,
} from '../../contract-map';
import type { z } from 'zod';

type Body = z.output<typeof StreamFieldDataBody>;

/**
 * The search behind a batch: the asked records by id, or a program's field data, work items and
 * references. Search applies the read rule in SQL, so the ids are only what the asker may read.
 */
export function fieldMapQuery(body: Body, max: number) {
  const ors: Record<string, unknown>[] = [];
  if (body.fieldDataIds) ors.push({ must: { _t: ['GeoKeeperFieldData'], $id: body.fieldDataIds } });
  if (body.program) ors.push({ must: { program: [body.program] } });
  return { must: { _t: [...FIELD_MAP_TYPES] }, subsShould: ors, max };
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * streamFieldDataForMap (spec §7; docs/geokeeper.md "The map"): one batch, as spatial's
 * streamFeatures. The ids are search's; each row is read again and checked by the policy before it
 * is sent, so an id the asker may not read is simply absent. A record's work item is named (and
 * its label given for the legend) only when the asker reads that work item too. The ids sent are
 * remembered per socket (module API `rememberSent`), so a record that becomes unreadable on an
 * open map is pushed as a delete (server/index.ts `onCommitted`).
 */
export const streamFieldDataForMap: ActHandler<typeof mapActs.streamFieldDataForMap> = async (call) => {
  const { services, principal, body, session } = call;
  const { items, search, registry } = services;
  const max = body.batch ?? FIELD_MAP_BATCH_DEFAULT;
  // One more than the batch: whether another batch follows, without an empty last one.
  const query = fieldMapQuery(body, max + 1);
  const [page, counted] = await Promise.all([
    search.idsAfter(principal, query, body.cursor ?? null),
    body.count ? search.count(principal, query) : null,
  ]);
  const more = page.length > max;
  const ids = more ? page.slice(0, max) : page;
  // As the system: the ids are the asker's search; each row is checked (canRow) below before it is sent.
  const rows = await loadRowsAsSystem(items.db, ids);
  const readable: ItemRow[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (row && !row.deleted && (await items.canRow(principal, 'read', row))) readable.push(row);
  }
  // The work items named by the batch, each checked as any read (a label is a read).
  const workIds = [
    ...new Set(readable.map((r) => (r.type === 'GeoKeeperWorkItem' ? r.id : str(r.data.workItem)))),
  ].filter((id): id is string => !!id);
  // As the system: a work item is named below only if the asker may read it (canRow).
  const workRows = await loadRowsAsSystem(items.db, workIds);
  const workItems: Record<string, string> = {};
  const workType = registry.type('GeoKeeperWorkItem')!;
  for (const id of workIds) {
    const row = workRows.get(id);
    if (row && !row.deleted && (await items.canRow(principal, 'read', row)))
      workItems[id] = renderLabel(workType, id, row.data);
  }
  const features: Record<string, FieldMapFeature> = {};
  for (const row of readable) {
    const d = row.data;
    const type = registry.type(row.type);
    if (!d.spatial || !type) continue;
    const f: FieldMapFeature = {
      t: row.type as FieldMapFeature['t'],
      label: renderLabel(type, row.id, d),
      geometry: d.spatial,
    };
    const work = row.type === 'GeoKeeperWorkItem' ? row.id : str(d.workItem);
    if (work && workItems[work] !== undefined) f.workItem = work;
    if (str(d.formType)) f.formType = str(d.formType);
    if (str(d.collected)) f.collected = str(d.collected);
    features[row.id] = f;
  }
  if (session) rememberSent(session, Object.keys(features));
  const last = ids[ids.length - 1];
  return {
    features,
    workItems,
    cursor: more && last ? last : null,
    total: counted ?? (!more && !body.cursor ? ids.length : null),
  };
};
