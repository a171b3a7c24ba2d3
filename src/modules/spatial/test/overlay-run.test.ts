import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { OVERLAY_PROJECT_MAX_SEGMENTS } from '../server/overlay/run';
import { overlayWorld, type OverlayWorld } from './overlay-fixture';

// The overlay act and the RWF_SPATIAL step end to end over the socket: the report stored on the
// response with what it met, the step completed through the engine, and the refusals.

let w: OverlayWorld;
beforeAll(async () => {
  w = await overlayWorld();
}, 120_000);
afterAll(async () => w?.close());

interface Result {
  id: string;
  spatialType: string | null;
  shape: string;
  intersects: boolean;
  overlapM2?: number | null;
  overlapM?: number | null;
  distanceM: number;
}

const steps = (r: Record<string, unknown>) =>
  (r._wf as { steps: { id: string; state: string }[] }).steps.map((s) => `${s.id}:${s.state}`);

describe('the impact overlay', () => {
  it('runs from the RWF_SPATIAL step: stores the report and completes the step', async () => {
    const { response } = await w.referral();
    const before = await w.ok(w.ws.officer, `read/${response}`, undefined);
    expect(steps(before)).toEqual(['overlay:ACTIVE', 'research:BLANK']);

    const r = await w.ok(w.ws.officer, 'act/spOverlayRun', { response, buffer: 2000, step: 'overlay' });
    expect(r.completed).toBe(true);
    const after = await w.ok(w.ws.officer, `read/${response}`, undefined);
    expect(steps(after)).toEqual(['overlay:COMPLETE', 'research:ACTIVE']);

    const report = await w.ok(w.ws.officer, `read/${String(r.report)}`, undefined);
    expect(report.response).toBe(response);
    expect(report.buffer).toBe(2000);
    const results = report.results as Result[];
    const berry = w.places.berry!;
    const trap = w.places.trap!;
    const camp = w.places.camp!;
    // Intersecting first (largest overlap first), then by distance.
    expect(results.map((x) => x.id)).toEqual([berry, trap, camp]);
    const by = Object.fromEntries(results.map((x) => [x.id, x]));
    // A 0.01° square at 56.2°N: 619 m × 1,112 m, about 0.688 km².
    expect(by[berry]!.overlapM2).toBeGreaterThan(680_000);
    expect(by[berry]!.overlapM2).toBeLessThan(695_000);
    // 0.02° of longitude at 56.2°N: about 1.24 km of the trap line is inside.
    expect(by[trap]!.overlapM).toBeGreaterThan(1_200);
    expect(by[trap]!.overlapM).toBeLessThan(1_280);
    // 0.01° of latitude: about 1.11 km.
    expect(by[camp]!.intersects).toBe(false);
    expect(Math.abs(by[camp]!.distanceM - 1_112)).toBeLessThan(10);
    expect(report.summary).toEqual({
      buffer: 2000,
      total: 3,
      intersecting: 2,
      nearby: 1,
      byType: [
        { spatialType: 'CAMP', intersecting: 0, nearby: 1 },
        { spatialType: 'HARVEST', intersecting: 1, nearby: 0 },
        { spatialType: 'TRAPLINE', intersecting: 1, nearby: 0 },
      ],
    });
  });

  it('leaves out places beyond the buffer, another community’s and archived ones', async () => {
    const { response } = await w.referral();
    const r = await w.ok(w.ws.officer, 'act/spOverlayRun', { response, buffer: 0 });
    expect(r.completed).toBe(false);
    const report = await w.ok(w.ws.officer, `read/${String(r.report)}`, undefined);
    const ids = (report.results as Result[]).map((x) => x.id);
    expect(ids.sort()).toEqual([w.places.berry, w.places.trap].sort());
    for (const k of ['far', 'theirs', 'archived', 'camp']) expect(ids).not.toContain(w.places[k]);
  });

  it('re-runs: each run is a report of its own', async () => {
    const { response } = await w.referral();
    await w.ok(w.ws.officer, 'act/spOverlayRun', { response, buffer: 500 });
    await w.ok(w.ws.officer, 'act/spOverlayRun', { response, buffer: 25_000 });
    const found = await w.ok(w.ws.officer, 'search/ids', {
      must: { _t: ['SpatialImpactReport'], response: [response] },
    });
    expect((found.ids as string[]).length).toBe(2);
  });

  it('refuses clearly without a project area, and refuses the step before a report', async () => {
    const { response } = await w.referral(false);
    const e = await w.erred(w.ws.officer, 'act/spOverlayRun', { response, buffer: 2000, step: 'overlay' });
    expect(e.fields).toEqual([{ path: 'projectArea', key: 'errors.required' }]);
    const s = await w.erred(w.ws.officer, 'act/wfSetStepState', {
      item: response,
      step: 'overlay',
      state: 'COMPLETE',
    });
    expect(s.fields).toEqual([{ path: 'report', key: 'errors.required' }]);
  });

  it('refuses a bad buffer and people who are not the community’s staff', async () => {
    const { response } = await w.referral();
    const bad = await w.erred(w.ws.officer, 'act/spOverlayRun', { response, buffer: -5 });
    expect(bad.userMessage).toBe('invalidInput');
    const tooBig = await w.erred(w.ws.officer, 'act/spOverlayRun', { response, buffer: 60_000 });
    expect(tooBig.userMessage).toBe('invalidInput');
    expect((await w.erred(w.ws.member, 'act/spOverlayRun', { response, buffer: 100 })).userMessage).toMatch(
      /notFound|notAllowed/,
    );
    expect((await w.erred(w.ws.proponent, 'act/spOverlayRun', { response, buffer: 100 })).userMessage).toBe(
      'notFound',
    );
  });

  it('refuses a project area past OVERLAY_PROJECT_MAX_SEGMENTS with overlayTooBig, the loop never held (issue 36)', async () => {
    // Four shapes of 30,000 vertices each, drawn by the proponent over the community's places.
    const c = await w.ok(w.ws.proponent, 'create/Consultation', {
      projectName: 'Detailed corridor',
      primaryOrg: w.orgs.pipeline,
      submittedTo: w.orgs.riverbend,
    });
    const consultation = String(c.$id);
    const shapes = 4;
    const vertices = 30_000;
    expect(shapes * vertices).toBeGreaterThan(OVERLAY_PROJECT_MAX_SEGMENTS);
    for (let k = 0; k < shapes; k++) {
      const coordinates = Array.from({ length: vertices }, (_, i) => [
        Number((-120.81 + i * 1e-6).toFixed(6)),
        Number((56.2 + k * 1e-3 + (i % 2) * 1e-5).toFixed(5)),
      ]);
      await w.ok(w.ws.proponent, 'create/ConsultProjectFeature', {
        consultation,
        label: `Corridor ${k}`,
        geometry: { type: 'LineString', coordinates },
      });
    }
    await w.ok(w.ws.proponent, 'act/cnsSubmit', { consultation });
    const d = await w.ok(w.ws.officer, 'act/cnsDistribute', {
      consultation,
      communities: [w.orgs.riverbend],
    });
    const response = (d.responses as string[])[0]!;
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const refused = await w.erred(w.ws.officer, 'act/spOverlayRun', { response, buffer: 2000 });
    h.disable();
    expect(refused).toMatchObject({ userMessage: 'overlayTooBig' });
    expect(String(refused.sysMessage)).toContain(String(OVERLAY_PROJECT_MAX_SEGMENTS));
    expect(h.max / 1e6).toBeLessThan(1_500);
    // The node answers the next one as before.
    const { response: plain } = await w.referral();
    expect(
      (await w.ok(w.ws.officer, 'act/spOverlayRun', { response: plain, buffer: 2000 })).report,
    ).toBeTruthy();
  }, 120_000);
});
