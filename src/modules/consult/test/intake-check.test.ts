import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { Geometry } from '../../../kernel/geometry';
import { areasMeet } from '../server/area-meets';

// The intake check (act cnsIntakeCheck, server/intake-check.ts): overlapping referrals, the same
// file number, and the community's places in the area, each through the read rule: a referral the
// caller may not read is neither named nor counted; only the community's staff get the places.

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let proponent: WsClient;
let riverbend: string;
let eagle: string;
let pipeline: string;
const ids: Record<string, string> = {};
const items = () => server.app.services.items;

const square = (w: number, s: number, e: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});
/** The drawn area of every check below: 0.1° square near Riverbend. */
const DRAWN = square(-120.5, 50.0, -120.4, 50.1);

async function setCaps(id: string, caps: string[]) {
  const row = await items().read(SYSTEM, id);
  await items().update(SYSTEM, { $id: id, $version: row.$version, capabilities: caps });
}

/** A referral owned by `owner` with one project area (or none) and its identifiers. */
async function referral(name: string, owner: string, geometry: unknown, identifiers: string[] = []) {
  const c = await items().create(
    SYSTEM,
    'Consultation',
    { projectName: name, primaryOrg: pipeline, submittedTo: owner, state: 'SUBMITTED', identifiers },
    { owner },
  );
  if (geometry)
    await items().create(SYSTEM, 'ConsultProjectFeature', {
      consultation: c.$id,
      label: `${name} area`,
      geometry,
    });
  return c.$id;
}

type Reply = {
  overlapping: { $id: string; label: string; state: string | null }[];
  overlappingTotal: number;
  sameNumber: { $id: string; label: string; matched: string[] }[];
  places: number | null;
};
const check = async (c: WsClient, body: Record<string, unknown>) => {
  const f = await c.request('act/cnsIntakeCheck', body);
  if ((f.b as { erred?: boolean }).erred) throw new Error(JSON.stringify(f.b));
  return f.b as Reply;
};

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  eagle = await makeOrg(items(), 'Eagle Lake Nation', 'COMMUNITY');
  pipeline = await makeOrg(items(), 'Northern Pipeline Corp.', 'INDUSTRY');
  await setCaps(riverbend, ['Consult', 'ConsultRespond']);
  await setCaps(eagle, ['Consult', 'ConsultRespond']);
  await setCaps(pipeline, ['Consult', 'ConsultDrafts']);
  const s = await makeUser(items(), [[riverbend, 'staff']]);
  const p = await makeUser(items(), [[pipeline, 'editor']]);
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  proponent = (await connectAs(server, p.email, PASSWORD)).client;

  // Riverbend's: one overlapping, one touching at a corner, one whose box meets the drawn one but
  // whose shape does not (a thin L around its corner), one far away with the same file number.
  ids.overlap = await referral('Loop line', riverbend, square(-120.45, 50.05, -120.3, 50.2));
  ids.corner = await referral('Corner pad', riverbend, square(-120.4, 50.1, -120.35, 50.15));
  ids.near = await referral('Near miss', riverbend, {
    type: 'Polygon',
    coordinates: [
      [
        [-120.55, 49.95],
        [-120.52, 49.95],
        [-120.52, 50.2],
        [-120.3, 50.2],
        [-120.3, 50.15],
        [-120.55, 50.15],
        [-120.55, 49.95],
      ],
    ],
  });
  ids.sameFile = await referral('Kettle bridge', riverbend, square(-110, 40, -109.9, 40.1), ['NP-2026-014']);
  // Eagle Lake's, on the same ground with the same file number: never Riverbend's to see.
  ids.hidden = await referral('Eagle crossing', eagle, square(-120.48, 50.02, -120.42, 50.08), [
    'np-2026-014 ',
  ]);
  // The proponent's own draft, there too: theirs to see.
  const draft = await items().create(
    SYSTEM,
    'Consultation',
    { projectName: 'Pipeline draft', primaryOrg: pipeline, identifiers: ['NP-2026-014'] },
    { owner: pipeline },
  );
  ids.draft = draft.$id;
  await items().create(SYSTEM, 'ConsultProjectFeature', {
    consultation: draft.$id,
    label: 'Draft area',
    geometry: square(-120.46, 50.04, -120.44, 50.06),
  });

  // Riverbend's places: two inside (one a point), one outside; Eagle Lake's inside.
  const place = (owner: string, label: string, geometry: unknown, extra: Record<string, unknown> = {}) =>
    items().create(SYSTEM, 'SpatialFeature', { label, geometry, state: 'ACTIVE', ...extra }, { owner });
  await place(riverbend, 'Berry patch', square(-120.48, 50.02, -120.46, 50.04));
  await place(riverbend, 'Spring', { type: 'Point', coordinates: [-120.45, 50.05] });
  await place(riverbend, 'Far camp', { type: 'Point', coordinates: [-121, 51] });
  await place(riverbend, 'Old camp', { type: 'Point', coordinates: [-120.42, 50.03] }, { state: 'ARCHIVED' });
  await place(eagle, 'Eagle trail', { type: 'Point', coordinates: [-120.44, 50.06] });
}, 120_000);

afterAll(async () => {
  await staff?.close();
  await proponent?.close();
  await server?.close();
  await tdb?.close();
});

describe('cnsIntakeCheck', () => {
  it('names the readable referrals whose areas meet the drawn one, touching included, exactly', async () => {
    const r = await check(staff, { geometries: [DRAWN], identifiers: [], community: riverbend });
    expect(r.overlapping.map((o) => o.$id).sort()).toEqual([ids.corner, ids.overlap].sort());
    expect(r.overlappingTotal).toBe(2);
    expect(r.overlapping.find((o) => o.$id === ids.overlap)).toEqual({
      $id: ids.overlap,
      label: 'Loop line',
      state: 'SUBMITTED',
    });
  });

  it('never names or counts a referral the caller may not read', async () => {
    const r = await check(staff, {
      geometries: [DRAWN],
      identifiers: ['NP-2026-014'],
      community: riverbend,
    });
    const named = [...r.overlapping, ...r.sameNumber].map((o) => o.$id);
    expect(named).not.toContain(ids.hidden);
    expect(named).not.toContain(ids.draft);
    expect(r.overlappingTotal).toBe(2);
    expect(r.sameNumber).toEqual([
      { $id: ids.sameFile, label: 'Kettle bridge', state: 'SUBMITTED', matched: ['NP-2026-014'] },
    ]);
  });

  it('matches file numbers whatever their case and spaces, and leaves the referral itself out', async () => {
    const r = await check(staff, { geometries: [], identifiers: [' np-2026-014'], community: riverbend });
    expect(r.sameNumber.map((s) => s.$id)).toEqual([ids.sameFile]);
    const self = await check(staff, {
      geometries: [],
      identifiers: ['NP-2026-014'],
      exclude: ids.sameFile,
    });
    expect(self.sameNumber).toEqual([]);
  });

  it("counts the community's active places in the area for its staff", async () => {
    const r = await check(staff, { geometries: [DRAWN], identifiers: [], community: riverbend });
    // The berry patch and the spring: not the far camp, the archived camp or Eagle Lake's trail.
    expect(r.places).toBe(2);
  });

  it('gives a proponent no places count, and only the referrals they may read', async () => {
    const r = await check(proponent, {
      geometries: [DRAWN],
      identifiers: ['NP-2026-014'],
      community: riverbend,
    });
    expect(r.places).toBeNull();
    expect(r.overlapping.map((o) => o.$id)).toEqual([ids.draft]);
    expect(r.sameNumber.map((o) => o.$id)).toEqual([ids.draft]);
  });

  it("gives staff of another community no count of Riverbend's places", async () => {
    const e = await makeUser(items(), [[eagle, 'staff']]);
    const c = (await connectAs(server, e.email, PASSWORD)).client;
    try {
      const r = await check(c, { geometries: [DRAWN], identifiers: [], community: riverbend });
      expect(r.places).toBeNull();
      expect(r.overlapping.map((o) => o.$id)).toEqual([ids.hidden]);
    } finally {
      await c.close();
    }
  });

  it('refuses a shape that is not a geometry', async () => {
    const f = await staff.request('act/cnsIntakeCheck', {
      geometries: [{ type: 'Polygon', coordinates: [[[0, 0]]] }],
      identifiers: [],
    });
    expect((f.b as { userMessage?: string }).userMessage).toBe('invalidInput');
  });
});

describe('cnsIntakeLink', () => {
  /** What the intake saves: the referral, then its area (as the form does it). */
  async function saved(name: string) {
    const made = await staff.request('create/Consultation', {
      owner: riverbend,
      projectName: name,
      primaryOrg: pipeline,
      submittedTo: riverbend,
      identifiers: ['NP-2026-014'],
    });
    const c = made.b as { $id: string; erred?: boolean };
    if (c.erred) throw new Error(JSON.stringify(c));
    const area = await staff.request('create/ConsultProjectFeature', {
      consultation: c.$id,
      label: 'Area 1',
      geometry: DRAWN,
    });
    if ((area.b as { erred?: boolean }).erred) throw new Error(JSON.stringify(area.b));
    return c.$id;
  }

  it('links only the referrals the check, run again, names; never one it did not offer or the caller cannot read', async () => {
    const id = await saved('Kettle River bridge replacement');
    const f = await staff.request('act/cnsIntakeLink', {
      consultation: id,
      // Offered: the overlapping one and the one with the same file number. Not offered: the near
      // miss (readable, its shape clear of the area) and Eagle Lake's (unreadable).
      rel: [ids.overlap, ids.sameFile, ids.near, ids.hidden],
    });
    const r = f.b as { rel: string[]; dropped: number; erred?: boolean };
    if (r.erred) throw new Error(JSON.stringify(r));
    expect(r.rel.sort()).toEqual([ids.overlap, ids.sameFile].sort());
    expect(r.dropped).toBe(2);
    expect(((await items().read(SYSTEM, id)).rel as string[]).sort()).toEqual(
      [ids.overlap, ids.sameFile].sort(),
    );
  });

  it('a link by hand names only a referral the writer can read', async () => {
    const made = await staff.request('create/Consultation', {
      owner: riverbend,
      projectName: 'Crafted',
      primaryOrg: pipeline,
      submittedTo: riverbend,
      rel: [ids.hidden],
    });
    expect(made.b).toMatchObject({ userMessage: 'invalidInput', fields: [{ path: 'rel' }] });
    // On the record, later, the officer links a referral they read that the check never named.
    const id = await saved('Linked later');
    const row = await items().read(SYSTEM, id);
    const upd = await staff.request('update', { $id: id, $version: row.$version, rel: [ids.near] });
    expect((upd.b as { erred?: boolean }).erred).toBeUndefined();
    expect((await items().read(SYSTEM, id)).rel).toEqual([ids.near]);
  });

  it('refuses a referral the caller may not change', async () => {
    const f = await proponent.request('act/cnsIntakeLink', {
      consultation: ids.sameFile,
      rel: [ids.overlap],
    });
    expect((f.b as { userMessage?: string }).userMessage).toBe('notFound');
  });
});

describe('areasMeet', () => {
  it('meets on a crossing, a touch, and containment either way; not on boxes alone', () => {
    expect(areasMeet([DRAWN], square(-120.45, 50.05, -120.3, 50.2))).toBe(true);
    expect(areasMeet([DRAWN], square(-120.4, 50.1, -120.3, 50.2))).toBe(true);
    expect(areasMeet([DRAWN], { type: 'Point', coordinates: [-120.45, 50.05] })).toBe(true);
    expect(areasMeet([square(-120.46, 50.04, -120.44, 50.06)], DRAWN)).toBe(true);
    expect(areasMeet([DRAWN], { type: 'Point', coordinates: [-120.3, 50.05] })).toBe(false);
    // A ring around the area with the area in its hole does not meet it.
    const ring: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [-121, 49],
          [-120, 49],
          [-120, 51],
          [-121, 51],
          [-121, 49],
        ],
        [
          [-120.6, 49.9],
          [-120.3, 49.9],
          [-120.3, 50.2],
          [-120.6, 50.2],
          [-120.6, 49.9],
        ],
      ],
    };
    expect(areasMeet([DRAWN], ring)).toBe(false);
  });
});
