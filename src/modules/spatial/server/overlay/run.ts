import { sql } from 'drizzle-orm';
import type { Geometry } from 'geojson';
import {
  AppError,
  loadRowAsSystem,
  loadRowsAsSystem,
  query,
  readableByAll,
  readersOf,
  TaskError,
  type Executor,
  type ItemRow,
  type Principal,
  type Services,
} from '../../../../server/module-api';
import type { OverlaySummary } from '../../overlay-summary';
import { measure, projectArea, type Measured } from './geometry';
import { isStaffOf } from './readers';

// The overlay itself (docs/spatial-overlay.md): the consultation's project area grown by the
// buffer, against the places the response's community holds. Candidates come from search (`$bbox`
// on the buffered area's box, as the person running it, so the read rule applies): the runner sees
// every place they may read. Each is measured exactly, and marked `restricted` unless every reader
// of the response may read it (readersOf, readableByAll): the summary, which may be shared, counts
// only the others. The task that runs it and stores the report is run-task.ts.

/**
 * One place met, as stored on the report: its id, its spatial type and the numbers. No name, no
 * shape. `restricted`: some reader of the response may not read the place (judge.ts shows it
 * only to the community's staff who may read it, and counts it for the staff only).
 */
export interface OverlayResult extends Measured {
  id: string;
  spatialType: string | null;
  restricted?: true;
}

const PAGE = 10_000;

export async function loadResponse(ex: Executor, services: Services, p: Principal, id: string, lock = false) {
  // As the system: the read is checked just below, and an unreadable response is answered as a missing one.
  const row = await loadRowAsSystem(ex, id, lock);
  if (!row || row.deleted || row.type !== 'ConsultResponse')
    throw new AppError('notFound', `${id} not found`);
  if (!(await services.items.policy.can(p, 'read', row, services.items.loaderFor(ex))))
    throw new AppError('notFound', `${id} not found`);
  if (!isStaffOf(p, row.owner)) throw new AppError('notAllowed', `run the overlay of ${id}`);
  return row;
}

/** The geometries of the consultation's project area the runner may read. */
export async function projectGeometries(
  services: Services,
  p: Principal,
  consultation: unknown,
): Promise<Geometry[]> {
  if (typeof consultation !== 'string') return [];
  const { items } = services;
  const ids = await query<{ id: string }>(
    items.db,
    sql`select id from items where type = 'ConsultProjectFeature' and not deleted
      and data->>'consultation' = ${consultation} and data->'geometry' is not null order by num`,
  );
  // As the system: each geometry is kept below only if the runner may read it (policy).
  const rows = await loadRowsAsSystem(
    items.db,
    ids.map((r) => r.id),
  );
  const load = items.loaderFor(items.db);
  const out: Geometry[] = [];
  for (const row of rows.values())
    if (row.data.geometry && (await items.policy.can(p, 'read', row, load)))
      out.push(row.data.geometry as Geometry);
  return out;
}

/** The community's ACTIVE places whose box meets `box`, as the runner's search finds them. */
async function candidates(
  services: Services,
  p: Principal,
  owner: string,
  box: number[],
): Promise<ItemRow[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const r = await services.search.search(p, {
      must: { _t: ['SpatialFeature'], owner: [owner], state: ['ACTIVE'], $bbox: [box.join(',')] },
      max: PAGE,
      offset,
    });
    ids.push(...r.ids);
    if (r.ids.length < PAGE) break;
  }
  // As the system: the ids are the runner's search; readers.ts then keeps what every reader of the response
  // may read.
  const rows = await loadRowsAsSystem(services.items.db, ids);
  return ids.map((id) => rows.get(id)).filter((r): r is ItemRow => !!r && !r.deleted);
}

/** On the project first (largest overlap first), then nearest first. */
export const order = (a: OverlayResult, b: OverlayResult) =>
  Number(b.intersects) - Number(a.intersects) ||
  (b.overlapM2 ?? b.overlapM ?? 0) - (a.overlapM2 ?? a.overlapM ?? 0) ||
  a.distanceM - b.distanceM ||
  a.id.localeCompare(b.id);

export function summarise(buffer: number, results: readonly OverlayResult[]): OverlaySummary {
  const by = new Map<string | null, { intersecting: number; nearby: number }>();
  for (const r of results) {
    const c = by.get(r.spatialType) ?? { intersecting: 0, nearby: 0 };
    if (r.intersects) c.intersecting++;
    else c.nearby++;
    by.set(r.spatialType, c);
  }
  const intersecting = results.filter((r) => r.intersects).length;
  return {
    buffer,
    total: results.length,
    intersecting,
    nearby: results.length - intersecting,
    byType: [...by.entries()]
      .map(([spatialType, c]) => ({ spatialType, ...c }))
      .sort(
        (a, b) =>
          b.intersecting + b.nearby - (a.intersecting + a.nearby) ||
          String(a.spatialType).localeCompare(String(b.spatialType)),
      ),
  };
}

/**
 * Segments of the project area the overlay compares (issue 36): a proponent draws the area, up
 * to 50,000 vertices a shape and any number of shapes, and each place near it is measured
 * against every segment in the request. 100,000 is a corridor of two long detailed shapes; past
 * it the overlay is refused with overlayTooBig, before anything is measured.
 */
export const OVERLAY_PROJECT_MAX_SEGMENTS = 100_000;
/**
 * Segment pairs measured in one overlay (project segments × a place's, summed over the places):
 * about ten seconds of work on one core. Past it, overlayTooBig: the area must be simpler.
 */
export const OVERLAY_PAIRS_MAX = 1_000_000_000;
/** Pairs measured between two turns of the event loop, which every community's requests share. */
const PAIRS_PER_TURN = 5_000_000;

const tooBig = (what: string) => new AppError('overlayTooBig', what);

/** What a run is told of its task: stop when `signal` aborts, report progress (0–100). */
export interface OverlayRunOptions {
  signal?: AbortSignal;
  progress?(pct: number): Promise<void>;
}

const cancelled = () => new TaskError('cancelled', 'killed');

/**
 * The overlay itself, with no write: what a report would hold. `results` holds every place the
 * runner may read that the area meets, restricted ones marked; `summary` counts the others only.
 */
export async function computeOverlay(
  services: Services,
  p: Principal,
  response: ItemRow,
  buffer: number,
  opts: OverlayRunOptions = {},
) {
  const { signal, progress } = opts;
  const geometries = await projectGeometries(services, p, response.data.consultation);
  if (geometries.length === 0)
    throw new AppError('invalidInput', `${String(response.data.consultation)} has no project area`, {
      fields: [{ path: 'projectArea', key: 'errors.required' }],
    });
  const pa = projectArea(geometries, buffer);
  if (pa.segs.length > OVERLAY_PROJECT_MAX_SEGMENTS)
    throw tooBig(`${pa.segs.length} project segments; at most ${OVERLAY_PROJECT_MAX_SEGMENTS}`);
  let pairs = 0;
  let turned = 0;
  const readers = await readersOf(services.items.db, response);
  const results: OverlayResult[] = [];
  if (signal?.aborted) throw cancelled();
  const found = await candidates(services, p, response.owner!, pa.box);
  for (const [i, row] of found.entries()) {
    // Cooperative: a killed task stops between places, and stores nothing (run-task.ts).
    if (signal?.aborted) throw cancelled();
    if (progress && i % 25 === 0) await progress(5 + (90 * i) / found.length);
    const g = row.data.geometry as Geometry | undefined;
    if (!g) continue;
    const shared = await readableByAll(services.items, services.items.db, readers, row);
    const m = measure(pa, g, (n) => {
      pairs += n;
      if (pairs > OVERLAY_PAIRS_MAX) throw tooBig(`more than ${OVERLAY_PAIRS_MAX} segment pairs`);
    });
    if (pairs - turned > PAIRS_PER_TURN) {
      turned = pairs;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (m)
      results.push({
        id: row.id,
        spatialType: typeof row.data.spatialType === 'string' ? row.data.spatialType : null,
        ...m,
        ...(shared ? {} : { restricted: true as const }),
      });
  }
  results.sort(order);
  return {
    results,
    summary: summarise(
      buffer,
      results.filter((r) => !r.restricted),
    ),
  };
}

/** RWF_SPATIAL completes once the response has an impact report. */
export async function hasReport(tx: Executor, response: string): Promise<boolean> {
  const [r] = await query<{ n: number }>(
    tx,
    sql`select count(*)::int as n from items where type = 'SpatialImpactReport' and not deleted
      and data->>'response' = ${response}`,
  );
  return (r?.n ?? 0) > 0;
}
