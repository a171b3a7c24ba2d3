import {
  type ItemRow,
  loadRowsAsSystem,
  readableByAll,
  readersOf,
  type Executor,
  type ItemService,
  type ModuleHooks,
} from '../../../../server/module-api';
import type { OverlaySummary } from '../../overlay-summary';
import { order, summarise, type OverlayResult } from './run';
import { isStaffOf } from './readers';

// A stored impact report is judged again whenever it is read or shared (docs/spatial-overlay.md,
// issue 36 finding 11): it was made for the response's readers of the day it ran, and a response
// opened since (a grant to the proponent, a wider level) must not hand the new readers the
// distances to places they may not read. Each place stays only while every reader of the
// response may still read it; the summary is counted again from what stays. The places some
// reader may not read are the restricted ones: the community's staff are told how many there are,
// and see those they may read themselves, marked; nobody else is told of them at all.

/** What a reader is told of the restricted places: staff of the community only (docs/spatial-overlay.md). */
export interface RestrictedCount {
  /** Places the report met that some reader of the response may not read. */
  total: number;
  /** Of those, the ones this reader may not read either (left out of their results). */
  hidden: number;
}

/**
 * The report's places and summary as today's readers of its response may have them: `shared`,
 * the places every reader may read (each without a mark), and `restricted`, the others. The
 * summary counts the shared ones only: it is what may be sent to the proponent.
 */
export async function judgedReport(
  items: ItemService,
  ex: Executor,
  data: { response?: unknown; results?: unknown; buffer?: unknown; summary?: unknown },
): Promise<{
  response: ItemRow;
  shared: OverlayResult[];
  restricted: { result: OverlayResult; place: ItemRow }[];
  summary: OverlaySummary;
} | null> {
  const rid = typeof data.response === 'string' ? data.response : null;
  const results = Array.isArray(data.results) ? (data.results as OverlayResult[]) : [];
  if (!rid) return null;
  // As the system: the report's response, for who reads it now, and its places, each judged below
  // for every reader of the response; the report's own read was decided by the caller.
  const rows = await loadRowsAsSystem(ex, [rid, ...results.map((r) => r.id)]);
  const response = rows.get(rid);
  if (!response) return null;
  const readers = await readersOf(ex, response);
  const shared: OverlayResult[] = [];
  const restricted: { result: OverlayResult; place: ItemRow }[] = [];
  for (const r of results) {
    const place = rows.get(r.id);
    if (!place || place.deleted) continue;
    const { restricted: _mark, ...plain } = r;
    if (await readableByAll(items, ex, readers, place)) shared.push(plain);
    else restricted.push({ result: { ...plain, restricted: true }, place });
  }
  const unchanged = shared.length === results.length && results.every((r) => !r.restricted);
  return {
    response,
    shared,
    restricted,
    summary: unchanged ? (data.summary as OverlaySummary) : summarise(Number(data.buffer ?? 0), shared),
  };
}

/**
 * Every read of a SpatialImpactReport shows it judged again (read, readMany, writes' replies),
 * for this reader: the shared places; the restricted ones this reader may read, marked, and
 * `$restricted` (how many, and how many of them kept from this reader) to the community's
 * staff only. Anyone else (a grant holder outside the staff, say) sees the shared places alone.
 */
export const overlayHooks: ModuleHooks = {
  SpatialImpactReport: {
    async decorate(ex, p, list, items) {
      const load = items.loaderFor(ex);
      for (const w of list) {
        const o = w as Record<string, unknown>;
        delete o.$restricted;
        const judged = await judgedReport(items, ex, o);
        if (!judged) continue;
        const results: OverlayResult[] = [...judged.shared];
        if (isStaffOf(p, judged.response.owner)) {
          let hidden = 0;
          for (const { result, place } of judged.restricted)
            if (await items.policy.can(p, 'read', place, load)) results.push(result);
            else hidden++;
          const count: RestrictedCount = { total: judged.restricted.length, hidden };
          o.$restricted = count;
        }
        results.sort(order);
        o.results = results;
        o.summary = judged.summary;
      }
    },
  },
};
