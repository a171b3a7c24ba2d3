import type { Geometry, Position } from 'geojson';
import {
  AppError,
  loadPrincipal,
  SYSTEM,
  TaskError,
  type AsyncAction,
  type AsyncActionContext,
  type ItemRow,
  type Principal,
  type Services,
} from '../../../../server/module-api';
import type { OverlayRunBody } from '../../contract-overlay';
import { computeOverlay, loadResponse, OVERLAY_PROJECT_MAX_SEGMENTS, projectGeometries } from './run';
import type { z } from 'zod';

// spOverlayRun as a background task (issue 36 Deliver 10; spec core §3 Task, §7 act/{name}/async):
// the proponent draws the project area, and measuring it against a community's places is work
// no request of the node every community shares should hold. `validate` makes every check the
// act made up front, before a Task exists; `run` makes them again as the starter is now (the
// task service reloads the principal, and it is reloaded once more before the write), measures
// cooperatively (the signal between places, progress pushed), and stores the report and
// completes the step only if the task was not killed. The report is the Task's `keyItem`, from its
// commit on: a step that then fails to complete leaves a failed Task that still names it.

type Body = z.output<typeof OverlayRunBody>;

/** Segments of the drawn geometries, counted from their positions (no shape is built). */
export function segmentCount(geometries: readonly Geometry[]): number {
  const line = (c: Position[]) => Math.max(0, c.length - 1);
  let n = 0;
  for (const g of geometries) {
    switch (g.type) {
      case 'LineString':
        n += line(g.coordinates);
        break;
      case 'MultiLineString':
      case 'Polygon':
        for (const c of g.coordinates) n += line(c);
        break;
      case 'MultiPolygon':
        for (const p of g.coordinates) for (const c of p) n += line(c);
        break;
      case 'GeometryCollection':
        n += segmentCount(g.geometries);
        break;
      default:
        break;
    }
  }
  return n;
}

/** The response's workflow step with this id, if it is ACTIVE. */
function activeStep(response: ItemRow, step: string): boolean {
  const wf = response.data._wf as { steps?: { id?: unknown; state?: unknown }[] } | undefined;
  return (wf?.steps ?? []).some((s) => s.id === step && s.state === 'ACTIVE');
}

/** The checks of the act: the response readable and the runner its community's staff, an area, a step. */
async function check(services: Services, p: Principal, body: Body): Promise<ItemRow> {
  const response = await loadResponse(services.items.db, services, p, body.response);
  const geometries = await projectGeometries(services, p, response.data.consultation);
  if (geometries.length === 0)
    throw new AppError('invalidInput', `${String(response.data.consultation)} has no project area`, {
      fields: [{ path: 'projectArea', key: 'errors.required' }],
    });
  const segs = segmentCount(geometries);
  if (segs > OVERLAY_PROJECT_MAX_SEGMENTS)
    throw new AppError('overlayTooBig', `${segs} project segments; at most ${OVERLAY_PROJECT_MAX_SEGMENTS}`);
  if (body.step && !activeStep(response, body.step))
    throw new AppError('invalidInput', `${body.step} is not an active step of ${response.id}`, {
      fields: [{ path: 'step', key: 'errors.wfTransition' }],
    });
  return response;
}

async function run(ctx: AsyncActionContext) {
  const { services, principal, signal } = ctx;
  const { items } = services;
  const body = ctx.body as Body;
  // Measured before the write: search reads outside the write's transaction (PGlite has one connection).
  const before = await check(services, principal, body);
  await ctx.progress(5);
  const { results, summary } = await computeOverlay(services, principal, before, body.buffer, {
    signal,
    progress: (pct) => ctx.progress(pct),
  });
  // Minutes may have passed: the starter as they are now, not as they were when it started.
  const p = await loadPrincipal(items.db, principal.userId, principal.masqueradeFrom);
  if (!p?.userId) throw new TaskError('notAllowed', 'the starter can no longer run the overlay');
  const report = await items.transaction(async (tx) => {
    const response = await loadResponse(tx, services, p, body.response, true);
    const now = await items.nowIn(tx);
    const r = await items.createIn(
      tx,
      SYSTEM,
      'SpatialImpactReport',
      {
        response: response.id,
        label: `${summary.buffer} m`,
        buffer: body.buffer,
        computed: now.toISOString(),
        results,
        summary,
      },
      { actor: p.userId, realActor: p.masqueradeFrom, owner: response.owner },
    );
    // The last moment a kill still counts: thrown here, the transaction rolls back and nothing is stored.
    if (signal.aborted) throw new TaskError('cancelled', 'killed');
    return r.id;
  });
  // Committed: whatever fails from here (the step's completion), the Task names the report.
  ctx.made(report);
  if (body.step) {
    // The step completes through the engine's own act, as the starter: its checks (RWF_SPATIAL asks
    // for a report) and rules run as for any completion.
    const act = services.acts.get('wfSetStepState');
    if (!act) throw new TaskError('notFound', 'the workflow engine is not running');
    await act.handler({
      services,
      principal: p,
      session: null,
      sub: undefined,
      key: undefined,
      body: { item: body.response, step: body.step, state: 'COMPLETE' },
    });
  }
  return { keyItem: report };
}

export const spOverlayRun: AsyncAction = {
  /** Every refusal the act made comes before a Task exists: notFound, notAllowed, no area, too big, no step. */
  async validate(body, services, p) {
    await check(services, p, body as Body);
  },
  run,
};
