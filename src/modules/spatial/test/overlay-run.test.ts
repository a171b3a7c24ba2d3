import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Geometry } from 'geojson';
import { sql } from 'drizzle-orm';
import { SYSTEM } from '../../../server/access/principal';
import { AppError } from '../../../protocol/errors';
import { setMembership } from '../../../server/auth/accounts';
import { query } from '../../../server/db/query';
import { makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { connectAs } from '../../../../test/helpers/ws-client';
import { OVERLAY_PROJECT_MAX_SEGMENTS } from '../server/overlay/run';
import { overlayWorld, type OverlayWorld } from './overlay-fixture';

// The overlay as a background task (act/spOverlayRun/async, issue 36) and the RWF_SPATIAL step,
// end to end over the socket: the Task started, its progress pushed, the report stored on the
// response with what it met (the Task's keyItem), the step completed through the engine as the
// starter; the refusals before any Task exists; a kill that stores nothing; a starter who lost
// access while it ran, who gets no report.

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

describe('the impact overlay, run as a task', () => {
  it('runs from the RWF_SPATIAL step: started, progress pushed, the report stored, the step completed', async () => {
    const { response } = await w.referral();
    const before = await w.ok(w.ws.officer, `read/${response}`, undefined);
    expect(steps(before)).toEqual(['overlay:ACTIVE', 'research:BLANK']);

    w.ws.officer.pushes.length = 0;
    const started = await w.start('officer', { response, buffer: 2000, step: 'overlay' });
    expect(started.erred).toBeUndefined();
    expect(started.percentageComplete).toBe(0);
    expect(String(started.$id)).toMatch(/^Task-/);
    const key = String(started.key);
    const done = await w.finished('officer', key);
    expect(done.errorKey).toBeUndefined();
    expect(done.percentageComplete).toBe(100);
    const progress = w.ws.officer.pushes.filter(
      (f) => f.o === 'taskUpdate' && (f.b as { key: string }).key === key,
    );
    expect(progress.length).toBeGreaterThan(0);
    for (const f of progress)
      expect((f.b as { percentageComplete: number }).percentageComplete).toBeLessThan(100);
    const reportId = String(done.keyItem);
    expect(reportId).toMatch(/^SpatialImpactReport-/);
    expect(await w.reportsOf(response)).toEqual([reportId]);
    // The Task names its report for the starter's screen, and a reload's activeTasks too.
    expect((await w.ok(w.ws.officer, `read/${String(started.$id)}`, undefined)).keyItem).toBe(reportId);

    const after = await w.ok(w.ws.officer, `read/${response}`, undefined);
    expect(steps(after)).toEqual(['overlay:COMPLETE', 'research:ACTIVE']);

    const report = await w.ok(w.ws.officer, `read/${reportId}`, undefined);
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
    const { report: id } = await w.run('officer', { response, buffer: 0 });
    const report = await w.ok(w.ws.officer, `read/${id}`, undefined);
    const ids = (report.results as Result[]).map((x) => x.id);
    expect(ids.sort()).toEqual([w.places.berry, w.places.trap].sort());
    for (const k of ['far', 'theirs', 'archived', 'camp']) expect(ids).not.toContain(w.places[k]);
    // Without `step`, no step moves.
    expect(steps(await w.ok(w.ws.officer, `read/${response}`, undefined))).toEqual([
      'overlay:ACTIVE',
      'research:BLANK',
    ]);
  });

  it('names its stored report when the step then fails to complete: the task fails, and the report is there to open', async () => {
    const { response } = await w.referral();
    // The engine refuses the completion (the step moved on, a rule failed) after the report's commit.
    const acts = w.server.app.services.acts;
    const real = Map.prototype.get.bind(acts);
    const spy = vi.spyOn(acts, 'get').mockImplementation((name: string) => {
      const act = real(name);
      if (name !== 'wfSetStepState' || !act) return act;
      return {
        ...act,
        handler: () =>
          Promise.reject(
            new AppError('invalidInput', 'the step can no longer complete', {
              fields: [{ path: 'step', key: 'errors.wfTransition' }],
            }),
          ),
      };
    });
    try {
      const started = await w.start('officer', { response, buffer: 2000, step: 'overlay' });
      const done = await w.finished('officer', String(started.key));
      expect(done.errorKey).toBe('invalidInput');
      const reports = await w.reportsOf(response);
      expect(reports).toHaveLength(1);
      expect(done.keyItem).toBe(reports[0]);
      // The Task itself names it: the task list and a reload open the report.
      expect((await w.ok(w.ws.officer, `read/${String(started.$id)}`, undefined)).keyItem).toBe(reports[0]);
    } finally {
      spy.mockRestore();
    }
    expect(steps(await w.ok(w.ws.officer, `read/${response}`, undefined))).toEqual([
      'overlay:ACTIVE',
      'research:BLANK',
    ]);
  });

  it('re-runs: each run is a report of its own', async () => {
    const { response } = await w.referral();
    await w.run('officer', { response, buffer: 500 });
    await w.run('officer', { response, buffer: 25_000 });
    const found = await w.ok(w.ws.officer, 'search/ids', {
      must: { _t: ['SpatialImpactReport'], response: [response] },
    });
    expect((found.ids as string[]).length).toBe(2);
  });

  it('refuses at the start, before any Task exists: no project area, a step not active; the step before a report', async () => {
    // The officer's Tasks of this act, whatever their state.
    const count = async () =>
      (
        await query<{ n: number }>(
          w.server.app.services.items.db,
          sql`select count(*)::int as n from items where type = 'Task' and data->>'keyAction' = 'spOverlayRun'
            and created_by = ${w.users.officer.id}`,
        )
      )[0]!.n;
    const n = await count();
    const { response } = await w.referral(false);
    const e = await w.start('officer', { response, buffer: 2000, step: 'overlay' });
    expect(e.erred).toBe(true);
    expect(e.fields).toEqual([{ path: 'projectArea', key: 'errors.required' }]);
    const s = await w.erred(w.ws.officer, 'act/wfSetStepState', {
      item: response,
      step: 'overlay',
      state: 'COMPLETE',
    });
    expect(s.fields).toEqual([{ path: 'report', key: 'errors.required' }]);
    const { response: r2 } = await w.referral();
    const notActive = await w.start('officer', { response: r2, buffer: 2000, step: 'research' });
    expect(notActive.fields).toEqual([{ path: 'step', key: 'errors.wfTransition' }]);
    expect(await count()).toBe(n);
    expect(await w.reportsOf(r2)).toEqual([]);
  });

  it('refuses a bad buffer and people who are not the community’s staff, at the start', async () => {
    const { response } = await w.referral();
    expect((await w.start('officer', { response, buffer: -5 })).userMessage).toBe('invalidInput');
    expect((await w.start('officer', { response, buffer: 60_000 })).userMessage).toBe('invalidInput');
    expect((await w.start('member', { response, buffer: 100 })).userMessage).toMatch(/notFound|notAllowed/);
    expect((await w.start('proponent', { response, buffer: 100 })).userMessage).toBe('notFound');
    // The old request-path act is gone: the overlay runs only as a task.
    expect((await w.ws.officer.request('act/spOverlayRun', { response, buffer: 100 })).b).toMatchObject({
      erred: true,
    });
    expect(await w.reportsOf(response)).toEqual([]);
  });

  it('refuses a project area past OVERLAY_PROJECT_MAX_SEGMENTS with overlayTooBig at the start, the loop never held (issue 36)', async () => {
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
    const refused = await w.start('officer', { response, buffer: 2000 });
    h.disable();
    expect(refused).toMatchObject({ erred: true, userMessage: 'overlayTooBig' });
    expect(String(refused.sysMessage)).toContain(String(OVERLAY_PROJECT_MAX_SEGMENTS));
    expect(h.max / 1e6).toBeLessThan(1_500);
    // The node answers the next one as before.
    const { response: plain } = await w.referral();
    expect((await w.run('officer', { response: plain, buffer: 2000 })).report).toBeTruthy();
  }, 120_000);
});

/**
 * A referral far from the others (lon −118) whose overlay takes seconds: a zigzag corridor of
 * 25,000 segments near 500 small places of 64 segments each, none touching it (8·10⁸ segment
 * pairs, under the budget), so the run is still measuring when the test acts.
 */
async function heavyReferral(by: 'officer' | 'orgAdmin' = 'officer') {
  const items = w.server.app.services.items;
  const zig = Array.from({ length: 25_001 }, (_, i) => [
    Number((-118.2 + i * 2e-5).toFixed(6)),
    Number((55 + (i % 2) * 2e-4).toFixed(6)),
  ]);
  if (!heavyPlaces)
    for (let i = 0; i < 500; i++) {
      const ring = Array.from({ length: 64 }, (_, k) => {
        const a = (k / 64) * 2 * Math.PI;
        return [
          Number((-118.2 + (i % 25) * 0.02 + 0.002 * Math.cos(a)).toFixed(6)),
          Number((55.0015 + Math.floor(i / 25) * 0.002 + 0.0008 * Math.sin(a)).toFixed(6)),
        ];
      });
      ring.push(ring[0]!);
      await items.create(
        SYSTEM,
        'SpatialFeature',
        {
          label: `Heavy place ${i}`,
          spatialType: 'CAMP',
          geometry: { type: 'Polygon', coordinates: [ring] },
          state: 'ACTIVE',
        },
        { owner: w.orgs.riverbend, access: 'PROTECTED' },
      );
    }
  heavyPlaces = true;
  const c = await w.ok(w.ws.proponent, 'create/Consultation', {
    projectName: 'Winding haul road',
    primaryOrg: w.orgs.pipeline,
    submittedTo: w.orgs.riverbend,
  });
  const consultation = String(c.$id);
  await w.ok(w.ws.proponent, 'create/ConsultProjectFeature', {
    consultation,
    label: 'Haul road',
    geometry: { type: 'LineString', coordinates: zig } as Geometry,
  });
  await w.ok(w.ws.proponent, 'act/cnsSubmit', { consultation });
  const d = await w.ok(w.ws[by], 'act/cnsDistribute', { consultation, communities: [w.orgs.riverbend] });
  return (d.responses as string[])[0]!;
}
let heavyPlaces = false;

describe('a running overlay', () => {
  it('is killed between places by its starter: the task ends cancelled, nothing is stored, the step stays', async () => {
    const response = await heavyReferral();
    const started = await w.start('officer', { response, buffer: 100, step: 'overlay' });
    const key = String(started.key);
    await w.ws.officer.waitForPush(
      (x) => x.o === 'taskUpdate' && (x.b as { key: string }).key === key,
      60_000,
    );
    expect((await w.ok(w.ws.officer, 'act/killTask', { taskKey: key })).killed).toBe(true);
    const done = await w.finished('officer', key);
    expect(done.errorKey).toBe('cancelled');
    expect(done.keyItem).toBeUndefined();
    // The run stops at its next place and never writes: wait past where it would have finished.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await w.reportsOf(response)).toEqual([]);
    expect(steps(await w.ok(w.ws.officer, `read/${response}`, undefined))).toEqual([
      'overlay:ACTIVE',
      'research:BLANK',
    ]);
  }, 180_000);

  it('stores nothing for a starter who lost access while it ran: the principal is loaded again before the write', async () => {
    const items = w.server.app.services.items;
    const u = await makeUser(items, [[w.orgs.riverbend, 'editor']]);
    const { client } = await connectAs(w.server, u.email, PASSWORD);
    try {
      const response = await heavyReferral('orgAdmin');
      const started = (await client.request('act/spOverlayRun/async', { response, buffer: 100 })).b as {
        key: string;
        erred?: boolean;
      };
      expect(started.erred).toBeUndefined();
      await client.waitForPush(
        (x) => x.o === 'taskUpdate' && (x.b as { key: string }).key === started.key,
        60_000,
      );
      // Made a member, no longer staff: they may not run the overlay, nor read the response.
      await items.transaction((tx) =>
        setMembership(items, tx, u.id, w.orgs.riverbend, ['member'], { actor: null }),
      );
      const done = (
        await client.waitForPush(
          (x) => x.o === 'taskComplete' && (x.b as { key: string }).key === started.key,
          120_000,
        )
      ).b as { errorKey?: string; keyItem?: string };
      expect(done.errorKey).toMatch(/^(notFound|notAllowed)$/);
      expect(done.keyItem).toBeUndefined();
      expect(await w.reportsOf(response)).toEqual([]);
    } finally {
      await client.close();
    }
  }, 180_000);
});
