import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { setGrantIn } from '../../../server/items/grants';
import { query } from '../../../server/db/query';
import { overlayWorld, type OverlayWorld, type Who } from './overlay-fixture';

// Who sees what of an impact overlay (docs/spatial-overlay.md "Who sees what"): the report
// follows its response, so the proponent and other communities never read it; the person who
// runs it sees every place they may read, and a place hidden from some reader of the response is
// marked restricted, shown only to those of the community's staff who may read it, counted for
// the staff only, and never in the counts; the summary sent to the proponent carries counts and
// type labels only, of the places every reader may read. "No trace": the secret's name, id and
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
  report = (await w.run('orgAdmin', { response, buffer: 2000 })).report;
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

  it('shows a reader only the places they may read; a place some reader may not read is marked restricted', async () => {
    // The orgAdmin ran it and may read the PRIVATE burial ground: it is theirs to see, marked.
    const mine = await w.ok(w.ws.orgAdmin, `read/${report}`, undefined);
    const marked = (mine.results as { id: string; restricted?: boolean }[]).map(
      (x) => `${x.id}${x.restricted ? ':restricted' : ''}`,
    );
    expect(marked.sort()).toEqual(
      [w.places.berry!, w.places.trap!, w.places.camp!, `${w.places.burial!}:restricted`].sort(),
    );
    expect(mine.$restricted).toEqual({ total: 1, hidden: 0 });
    // The staff may not read it: it is not in their results, not by id, type or shape; they are
    // told one restricted place lies in the area, and that it is kept from them.
    const r = await w.ok(w.ws.staff, `read/${report}`, undefined);
    const ids = (r.results as { id: string }[]).map((x) => x.id);
    expect(ids.sort()).toEqual([w.places.berry!, w.places.trap!, w.places.camp!].sort());
    expect(r.$restricted).toEqual({ total: 1, hidden: 1 });
    noTrace(r, [w.places.burial!, 'SACRED', ...SECRET]);
    // No name or shape of any place is stored, only ids and numbers.
    noTrace(r, ['Berry patch', 'Fish camp', 'coordinates']);
    // The counts, which may be shared, are of the places every reader may read.
    for (const x of [mine, r]) expect((x.summary as { total: number }).total).toBe(3);
  });

  it('counts the PRIVATE place only when every reader of the response may read it', async () => {
    const items = w.server.app.services.items;
    const run = async (by: Who) => {
      const { response: r } = await w.referral(true, by);
      const cur = await items.read(SYSTEM, r);
      await items.update(SYSTEM, { $id: r, $version: cur.$version, $access: 'PRIVATE' });
      const ran = await w.run('orgAdmin', { response: r, buffer: 2000 });
      const got = await w.ok(w.ws.orgAdmin, `read/${ran.report}`, undefined);
      const results = got.results as { id: string; restricted?: boolean }[];
      return {
        report: ran.report,
        burial: results.find((x) => x.id === w.places.burial),
        total: (got.summary as { total: number }).total,
        restricted: got.$restricted,
      };
    };
    // A PRIVATE response is read by the orgAdmins and its creator: the editor who distributed it
    // may not read the burial ground, so it is restricted and left out of the counts.
    const officers = await run('officer');
    expect(officers.burial?.restricted).toBe(true);
    expect(officers.total).toBe(3);
    expect(officers.restricted).toEqual({ total: 1, hidden: 0 });
    // Distributed by an orgAdmin, only orgAdmins read it: the burial ground counts, unmarked.
    const r = await run('orgAdmin');
    expect(r.burial).toBeDefined();
    expect(r.burial?.restricted).toBeUndefined();
    expect(r.total).toBe(4);
    expect(r.restricted).toEqual({ total: 0, hidden: 0 });
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
    const id = (await w.run('orgAdmin', { response: r, buffer: 2000 })).report;
    const before = await w.ok(w.ws.orgAdmin, `read/${id}`, undefined);
    expect((before.results as { id: string }[]).map((x) => x.id)).toContain(w.places.burial);
    expect((before.summary as { total: number }).total).toBe(4);
    // The response is opened to all the community's staff: they now read the report, which
    // was made when only orgAdmins read it.
    cur = await items.read(SYSTEM, r);
    await items.update(SYSTEM, { $id: r, $version: cur.$version, $access: 'PROTECTED' });
    const staff = await w.ok(w.ws.staff, `read/${id}`, undefined);
    expect((staff.results as { id: string }[]).map((x) => x.id).sort()).toEqual(
      [w.places.berry!, w.places.trap!, w.places.camp!].sort(),
    );
    expect(staff.$restricted).toEqual({ total: 1, hidden: 1 });
    noTrace(staff, [w.places.burial!, 'SACRED']);
    // The orgAdmin still sees it, now marked restricted, and out of the counts.
    const admin = await w.ok(w.ws.orgAdmin, `read/${id}`, undefined);
    const burial = (admin.results as { id: string; restricted?: boolean }[]).find(
      (x) => x.id === w.places.burial,
    );
    expect(burial?.restricted).toBe(true);
    for (const x of [staff, admin]) expect((x.summary as { total: number }).total).toBe(3);
    // What goes to the proponent is counted again too.
    const sent = (await w.ok(w.ws.orgAdmin, 'act/spOverlayShare', { report: id })) as typeof shared;
    const m = await w.ok(w.ws.proponent, `read/${sent.message}`, undefined);
    const firstShared = await w.ok(w.ws.proponent, `read/${shared.message}`, undefined);
    expect(String(m.body).split('\n')[0]).toBe(String(firstShared.body).split('\n')[0]);
  });

  it('tells no one outside the community’s staff of the restricted places, even a reader by grant', async () => {
    const items = w.server.app.services.items;
    const { response: r } = await w.referral();
    const id = (await w.run('orgAdmin', { response: r, buffer: 2000 })).report;
    // The response is opened to the proponent's organisation and to one community member.
    await items.transaction(async (tx) => {
      await setGrantIn(tx, items, r, w.orgs.pipeline, ['read'], { grantedBy: 'test', actor: null });
      await setGrantIn(tx, items, r, w.users.member.id, ['read'], { grantedBy: 'test', actor: null });
    });
    // The proponent reads the report now, and may read none of the places: nothing of them.
    const p = await w.ok(w.ws.proponent, `read/${id}`, undefined);
    expect(p.results).toEqual([]);
    expect(p.$restricted).toBeUndefined();
    expect((p.summary as { total: number }).total).toBe(0);
    noTrace(p, [
      ...Object.values(w.places),
      'SACRED',
      'CAMP',
      'HARVEST',
      'TRAPLINE',
      'restricted',
      ...SECRET,
    ]);
    // The member by grant may read the COMMUNITY berry patch, but not every reader may (the
    // proponent): not shown, not counted.
    const m = await w.ok(w.ws.member, `read/${id}`, undefined);
    expect(m.results).toEqual([]);
    expect(m.$restricted).toBeUndefined();
    noTrace(m, [w.places.berry!, 'restricted']);
    // Nor may a search answer from the report's stored places: a facet, a filter or a sort on
    // them would read the raw form the read hook trims (the facet named the burial ground).
    const type = { _t: ['SpatialImpactReport'] };
    for (const [q, key] of [
      [{ must: type, facets: ['results'] }, 'results'],
      [{ must: { ...type, results: [w.places.burial!] } }, 'results'],
      [{ must: type, sort: [{ key: 'summary', order: 'desc' }] }, 'summary'],
    ] as const) {
      const e = await w.erred(w.ws.proponent, 'search/ids', q);
      expect(e.fields, JSON.stringify(q)).toEqual([{ path: key, key: 'errors.notSearchable' }]);
      noTrace(e, [w.places.burial!, 'SACRED']);
    }
    // The staff are told all four lie in the area, and see the three they may read, marked.
    const st = await w.ok(w.ws.staff, `read/${id}`, undefined);
    expect(st.$restricted).toEqual({ total: 4, hidden: 1 });
    const marks = (st.results as { id: string; restricted?: boolean }[]).map((x) => x.restricted);
    expect(marks).toEqual([true, true, true]);
    // The summary shared with the proponent is then of no place at all.
    const sent = (await w.ok(w.ws.officer, 'act/spOverlayShare', { report: id })) as typeof shared;
    const msg = await w.ok(w.ws.proponent, `read/${sent.message}`, undefined);
    expect(msg.body).toBe(
      'Within 2,000 m of the project area, the community’s overlay found no areas of cultural importance it shares.',
    );
  });

  it('is shared only by those who may change the response (not its staff readers)', async () => {
    const e = await w.erred(w.ws.staff, 'act/spOverlayShare', { report });
    expect(e.userMessage).toBe('notAllowed');
  });

  it('may not be run, or shared, by the proponent or another community', async () => {
    for (const who of ['proponent', 'outsider', 'member'] as Who[]) {
      expect((await w.start(who, { response, buffer: 2000 })).erred, who).toBe(true);
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
