import { sql } from 'drizzle-orm';
import {
  grantedItemIds,
  loadRowsAsSystem,
  query,
  readableSql,
  textArray,
  type ActHandler,
} from '../../../../server/module-api';
import type { exportActs } from '../../contract-export';

// searchGeoKeeperAttachments (spec §3 GeoKeeperAttachment, "for a search of the files";
// docs/geokeeper.md "The file search"). The kernel has no virtual types, so the rows are made
// here from each Attachment and the field data it belongs to. Both read rules apply in SQL (the
// Attachment's follows its record; the record's own), and each row is checked again by the policy
// before it is answered: a file of a record the asker may not read is never named.

const DEFAULT_MAX = 100;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export const searchGeoKeeperAttachments: ActHandler<typeof exportActs.searchGeoKeeperAttachments> = async (
  call,
) => {
  const { services, principal: p, body } = call;
  const { items, registry } = services;
  const max = body.max ?? DEFAULT_MAX;
  const granted = await grantedItemIds(items.db, p);
  const readA = readableSql(p, registry, 'a', ['Attachment'], { granted });
  const readF = readableSql(p, registry, 'f', ['GeoKeeperFieldData'], { granted });
  const where = [
    sql`a.type = 'Attachment'`,
    sql`not a.deleted`,
    sql`coalesce(a.data->>'trashed', 'false') <> 'true'`,
    sql`f.type = 'GeoKeeperFieldData'`,
    sql`not f.deleted`,
    readA,
    readF,
    ...(body.program ? [sql`f.data->>'program' = ${body.program}`] : []),
    ...(body.fieldDataIds ? [sql`f.id = any(${textArray(body.fieldDataIds)})`] : []),
    ...(body.mimeGroup ? [sql`a.data->>'mimeGroup' = any(${textArray(body.mimeGroup)})`] : []),
  ];
  const hits = await query<{ id: string; rel: string }>(
    items.db,
    sql`select a.id, f.id as rel from items a join items f on f.id = a.data->>'rel'
      where ${sql.join(where, sql` and `)}
      order by a.num desc limit ${max + 1} offset ${body.offset ?? 0}`,
  );
  const more = hits.length > max;
  const page = hits.slice(0, max);
  // As the system: the files and records are found by readableSql above and each is checked (canRow) below
  // before it is named.
  const rows = await loadRowsAsSystem(items.db, [...new Set(page.flatMap((h) => [h.id, h.rel]))]);
  /** The work items and forms the page names, each checked before it is named. */
  const works = new Set<string>();
  for (const h of page) {
    const w = rows.get(h.rel)?.data.workItem;
    if (typeof w === 'string') works.add(w);
    const fd = rows.get(h.rel)?.data.formDef;
    if (typeof fd === 'string') works.add(fd);
  }
  // As the system: a work item or form is named below only if the asker may read it (canRow).
  const workRows = await loadRowsAsSystem(items.db, [...works]);
  const results = [];
  for (const h of page) {
    const a = rows.get(h.id);
    const f = rows.get(h.rel);
    if (!a || !f || a.deleted || f.deleted) continue;
    if (!(await items.canRow(p, 'read', a)) || !(await items.canRow(p, 'read', f))) continue;
    const name = str(a.data.originalName);
    const dot = name.lastIndexOf('.');
    const w = str(f.data.workItem);
    const work = w ? workRows.get(w) : undefined;
    // A work item or form the asker may not read is not named (as on the map and in the exports).
    const readableWork = work && !work.deleted && (await items.canRow(p, 'read', work));
    const fd = str(f.data.formDef);
    const form = fd ? workRows.get(fd) : undefined;
    const readableForm = form && !form.deleted && (await items.canRow(p, 'read', form));
    results.push({
      $id: a.id,
      originalName: name,
      size: typeof a.data.size === 'number' ? a.data.size : 0,
      fieldData: f.id,
      state: str(f.data.state) || null,
      formType: str(f.data.formType) || null,
      formDef: readableForm ? fd : null,
      workItems: readableWork ? [w] : [],
      extension: dot > 0 ? name.slice(dot + 1).toLowerCase() : '',
      filetype: str(a.data.filetype),
    });
  }
  return { results, more };
};
