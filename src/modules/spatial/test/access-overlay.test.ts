import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { overlayWorld, type OverlayWorld, type Who } from './overlay-fixture';

// Who sees what of an impact overlay (docs/spatial-overlay.md "Who sees what"): the report
// follows its response, so the proponent and other communities never read it; a place hidden
// from some reader of the response is never in it, whoever runs it; the summary sent to the
// proponent carries counts and type labels only. "No trace": the secret's name, id and
// coordinates appear in no reply and no push to those who may not read it.

let w: OverlayWorld;
let response: string;
let consultation: string;
let report: string;
let shared: { thread: string; message: string };

const SECRET = ['Grandmother burial ground', '-120.795', '56.205'];
const noTrace = (x: unknown, secrets: string[]) => {
  const s = JSON.stringify(x);
  for (const t of secrets) expect(s, t).not.toContain(t);
};

beforeAll(async () => {
  w = await overlayWorld();
  ({ response, consultation } = await w.referral());
  for (const c of Object.values(w.ws)) c.pushes.length = 0;
  // The orgAdmin may read the PRIVATE site; they run it, and still it stays out.
  report = String((await w.ok(w.ws.orgAdmin, 'act/spOverlayRun', { response, buffer: 2000 })).report);
  shared = (await w.ok(w.ws.officer, 'act/spOverlayShare', { report })) as typeof shared;
}, 120_000);
afterAll(async () => w?.close());

describe('the impact report', () => {
  it('is read by the community’s staff and never by the proponent, a member or another community', async () => {
    for (const who of ['officer', 'staff', 'orgAdmin'] as Who[])
      expect((await w.ok(w.ws[who], `read/${report}`, undefined)).$id).toBe(report);
    for (const who of ['proponent', 'outsider', 'member'] as Who[]) {
      const r = (await w.ws[who].request(`read/${report}`, undefined)).b as Record<string, unknown>;
      expect(r.erred, who).toBe(true);
      const s = await w.ok(w.ws[who], 'search/ids', { must: { _t: ['SpatialImpactReport'] }, labels: true });
      expect(s.ids, who).toEqual([]);
    }
  });

  it('holds no place some reader of the response may not read, whoever ran it', async () => {
    const r = await w.ok(w.ws.staff, `read/${report}`, undefined);
    const ids = (r.results as { id: string }[]).map((x) => x.id);
    expect(ids.sort()).toEqual([w.places.berry!, w.places.trap!, w.places.camp!].sort());
    noTrace(r, [w.places.burial!, 'SACRED', ...SECRET]);
    // No name or shape of any place is stored, only ids and numbers.
    noTrace(r, ['Berry patch', 'Fish camp', 'coordinates']);
  });

  it('counts the PRIVATE place only when every reader of the response may read it', async () => {
    const items = w.server.app.services.items;
    const run = async (by: Who) => {
      const { response: r } = await w.referral(true, by);
      const cur = await items.read(SYSTEM, r);
      await items.update(SYSTEM, { $id: r, $version: cur.$version, $access: 'PRIVATE' });
      const ran = await w.ok(w.ws.orgAdmin, 'act/spOverlayRun', { response: r, buffer: 2000 });
      const got = await w.ok(w.ws.orgAdmin, `read/${String(ran.report)}`, undefined);
      return { report: String(ran.report), ids: (got.results as { id: string }[]).map((x) => x.id) };
    };
    // A PRIVATE response is read by the orgAdmins and its creator: the editor who distributed it
    // may not read the burial ground, so it stays out.
    expect((await run('officer')).ids).not.toContain(w.places.burial);
    // Distributed by an orgAdmin, only orgAdmins read it: the burial ground counts.
    const r = await run('orgAdmin');
    expect(r.ids).toContain(w.places.burial);
    // And the staff, who may not read that response, do not read its report.
    expect(((await w.ws.staff.request(`read/${r.report}`, undefined)).b as { erred?: boolean }).erred).toBe(
      true,
    );
  });

  it('is judged again when its response is opened to more readers (issue 36 finding 11)', async () => {
    const items = w.server.app.services.items;
    const { response: r } = await w.referral(true, 'orgAdmin');
    let cur = await items.read(SYSTEM, r);
    await items.update(SYSTEM, { $id: r, $version: cur.$version, $access: 'PRIVATE' });
    const ran = await w.ok(w.ws.orgAdmin, 'act/spOverlayRun', { response: r, buffer: 2000 });
    const id = String(ran.report);
    const before = await w.ok(w.ws.orgAdmin, `read/${id}`, undefined);
    expect((before.results as { id: string }[]).map((x) => x.id)).toContain(w.places.burial);
    // The response is opened to all the community's staff: they now read the report, which
    // was made when only orgAdmins read it.
    cur = await items.read(SYSTEM, r);
    await items.update(SYSTEM, { $id: r, $version: cur.$version, $access: 'PROTECTED' });
    for (const who of ['orgAdmin', 'staff'] as Who[]) {
      const after = await w.ok(w.ws[who], `read/${id}`, undefined);
      expect((after.results as { id: string }[]).map((x) => x.id).sort(), who).toEqual(
        [w.places.berry!, w.places.trap!, w.places.camp!].sort(),
      );
      expect((after.summary as { total: number }).total, who).toBe(3);
      noTrace(after, [w.places.burial!, 'SACRED']);
    }
    // What goes to the proponent is counted again too.
    const sent = (await w.ok(w.ws.orgAdmin, 'act/spOverlayShare', { report: id })) as typeof shared;
    const m = await w.ok(w.ws.proponent, `read/${sent.message}`, undefined);
    const firstShared = await w.ok(w.ws.proponent, `read/${shared.message}`, undefined);
    expect(String(m.body).split('\n')[0]).toBe(String(firstShared.body).split('\n')[0]);
  });

  it('is shared only by those who may change the response (not its staff readers)', async () => {
    const e = await w.erred(w.ws.staff, 'act/spOverlayShare', { report });
    expect(e.userMessage).toBe('notAllowed');
  });

  it('may not be run, or shared, by the proponent or another community', async () => {
    for (const who of ['proponent', 'outsider', 'member'] as Who[]) {
      await w.erred(w.ws[who], 'act/spOverlayRun', { response, buffer: 2000 });
      await w.erred(w.ws[who], 'act/spOverlayShare', { report });
    }
  });
});

describe('the summary shared with the proponent', () => {
  it('reaches the proponent as a message of a thread they read', async () => {
    const thread = await w.ok(w.ws.proponent, `read/${shared.thread}`, undefined);
    expect(thread.purpose).toBe('SPATIAL_SUMMARY');
    expect(thread.context).toBe(consultation);
    const m = await w.ok(w.ws.proponent, `read/${shared.message}`, undefined);
    expect(m.body).toBe(
      [
        'Within 2,000 m of the project area, the community’s overlay found 3 areas of cultural importance (2 on the project area itself).',
        'Camp: 1',
        'Harvesting area: 1',
        'Trap line: 1',
      ].join('\n'),
    );
  });

  it('carries no names, coordinates or ids, and nothing the proponent received does', async () => {
    const m = await w.ok(w.ws.proponent, `read/${shared.message}`, undefined);
    noTrace(m.body, [
      'SpatialFeature-',
      'SpatialImpactReport-',
      'ConsultResponse-',
      'Berry',
      'Fish camp',
      'trap line',
      '-120',
      '56.',
    ]);
    const everything = [m, w.ws.proponent.pushes, w.ws.outsider.pushes, w.ws.member.pushes];
    noTrace(everything, [
      ...SECRET,
      w.places.burial!,
      w.places.berry!,
      w.places.camp!,
      'Berry patch',
      'Beaver trap line',
    ]);
    noTrace([w.ws.staff.pushes, w.ws.officer.pushes], [...SECRET, w.places.burial!]);
  });

  it('is not readable by another community', async () => {
    const r = (await w.ws.outsider.request(`read/${shared.message}`, undefined)).b as { erred?: boolean };
    expect(r.erred).toBe(true);
  });

  it('names a spatial type only by a label every reader of the response may read', async () => {
    // The community keeps the wording "Camp" to its orgAdmins (PRIVATE): the staff, who read the
    // response, may not read it, so the proponent is not told it either; the place is "Other".
    const items = w.server.app.services.items;
    const [hit] = await query<{ id: string }>(
      items.db,
      sql`select id from items where type = 'LOVValue' and data->>'list' = 'SPL_TYPES' and data->>'key' = 'CAMP'`,
    );
    const id = hit!.id;
    const cur = await items.read(SYSTEM, id);
    await items.update(SYSTEM, { $id: id, $version: cur.$version, access: 'PRIVATE' });
    const again = (await w.ok(w.ws.officer, 'act/spOverlayShare', { report })) as typeof shared;
    const m = await w.ok(w.ws.proponent, `read/${again.message}`, undefined);
    expect(String(m.body).split('\n').slice(1)).toEqual(['Other: 1', 'Harvesting area: 1', 'Trap line: 1']);
    noTrace(m.body, ['Camp']);
  });
});
