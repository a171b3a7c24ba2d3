import {
  loadRowsAsSystem,
  readableByAll,
  readersOf,
  type Executor,
  type ItemService,
  type ModuleHooks,
} from '../../../../server/module-api';
import type { OverlaySummary } from '../../overlay-summary';
import { summarise, type OverlayResult } from './run';

// A stored impact report is judged again whenever it is read or shared (docs/spatial-overlay.md,
// issue 36 finding 11): it was made for the response's readers of the day it ran, and a response
// opened since (a grant to the proponent, a wider level) must not hand the new readers the
// distances to places they may not read. Each place stays only while every reader of the
// response may still read it; the summary is counted again from what stays.

/** The report's places and summary as today's readers of its response may have them. */
export async function judgedReport(
  items: ItemService,
  ex: Executor,
  data: { response?: unknown; results?: unknown; buffer?: unknown; summary?: unknown },
): Promise<{ results: OverlayResult[]; summary: OverlaySummary } | null> {
  const rid = typeof data.response === 'string' ? data.response : null;
  const results = Array.isArray(data.results) ? (data.results as OverlayResult[]) : [];
  if (!rid) return null;
  // As the system: the report's response, for who reads it now; the report's own read was decided by the caller.
  const rows = await loadRowsAsSystem(ex, [rid, ...results.map((r) => r.id)]);
  const response = rows.get(rid);
  if (!response) return null;
  const readers = await readersOf(ex, response);
  const kept: OverlayResult[] = [];
  for (const r of results) {
    const place = rows.get(r.id);
    if (place && !place.deleted && (await readableByAll(items, ex, readers, place))) kept.push(r);
  }
  if (kept.length === results.length) return { results, summary: data.summary as OverlaySummary };
  return { results: kept, summary: summarise(Number(data.buffer ?? 0), kept) };
}

/** Every read of a SpatialImpactReport shows it judged again (read, readMany, writes' replies). */
export const overlayHooks: ModuleHooks = {
  SpatialImpactReport: {
    async decorate(ex, _p, list, items) {
      for (const w of list) {
        const judged = await judgedReport(items, ex, w as Record<string, unknown>);
        if (!judged) continue;
        (w as Record<string, unknown>).results = judged.results;
        (w as Record<string, unknown>).summary = judged.summary;
      }
    },
  },
};
