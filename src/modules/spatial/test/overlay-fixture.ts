import { sql } from 'drizzle-orm';
import type { Geometry, Position } from 'geojson';
import { query } from '../../../server/db/query';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// A community with places around a proponent's project, a response running a workflow with an
// RWF_SPATIAL step, and people of every kind: the overlay tests' world.

export const square = (x: number, y: number, d: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
});
export const line = (...c: Position[]): Geometry => ({ type: 'LineString', coordinates: c });

/** The project: a 0.02° square (about 1.2 × 2.2 km) at −120.8, 56.2. */
export const PROJECT = square(-120.8, 56.2, 0.02);

export const TYPES = [
  ['HARVEST', 'Harvesting area'],
  ['TRAPLINE', 'Trap line'],
  ['CAMP', 'Camp'],
  ['SACRED', 'Sacred site'],
] as const;

export type Who = 'officer' | 'staff' | 'orgAdmin' | 'member' | 'proponent' | 'outsider';

export interface OverlayWorld {
  tdb: TestDatabase;
  server: TestServer;
  orgs: { riverbend: string; pipeline: string; other: string };
  users: Record<Who, { id: string; email: string }>;
  ws: Record<Who, WsClient>;
  places: Record<string, string>;
  ok(c: WsClient, o: string, b: unknown): Promise<Record<string, unknown>>;
  erred(c: WsClient, o: string, b: unknown): Promise<Record<string, unknown>>;
  /** Starts act/spOverlayRun/async as `who`: the started Task (key, $id), or the refusal (erred). */
  start(who: Who, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The pushed end of `who`'s task `key` (taskComplete): errorKey, or keyItem (the report). */
  finished(
    who: Who,
    key: string,
  ): Promise<{ keyItem?: string; errorKey?: string; percentageComplete: number }>;
  /** Runs the overlay through the task, over the socket, and waits for its end; fails on a failed task. */
  run(who: Who, body: Record<string, unknown>): Promise<{ report: string; key: string }>;
  /** The response's stored reports (as the system). */
  reportsOf(response: string): Promise<string[]>;
  /** A submitted, distributed consultation (with the project area unless `area` is false); its response. */
  referral(area?: boolean, by?: Who): Promise<{ consultation: string; response: string }>;
  close(): Promise<void>;
}

export async function overlayWorld(): Promise<OverlayWorld> {
  const tdb = await openTestDatabase();
  const server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const other = await makeOrg(items, 'Lakeside Nation', 'COMMUNITY');
  for (const [id, caps] of [
    [riverbend, ['Consult', 'ConsultRespond', 'Spatial']],
    [pipeline, ['Consult', 'ConsultDrafts']],
    [other, ['Consult', 'ConsultRespond', 'Spatial']],
  ] as const) {
    const row = await items.read(SYSTEM, id);
    await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: [...caps] });
  }
  const users = {
    officer: await makeUser(items, [[riverbend, 'editor']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    proponent: await makeUser(items, [[pipeline, 'editor']]),
    outsider: await makeUser(items, [[other, 'orgAdmin']]),
  };
  const ws = {} as Record<Who, WsClient>;
  for (const [k, u] of Object.entries(users))
    ws[k as Who] = (await connectAs(server, u.email, PASSWORD)).client;

  for (const [key, en] of TYPES)
    await items.create(SYSTEM, 'LOVValue', {
      list: 'SPL_TYPES',
      key,
      state: 'ACTIVE',
      t: { en },
      owner: riverbend,
    });
  await items.create(SYSTEM, 'Workflow', {
    label: 'Overlay first',
    appliesTo: 'ConsultResponse',
    isDefault: true,
    owner: riverbend,
    steps: [
      { id: 'overlay', kind: 'RWF_SPATIAL', label: 'Map the overlap', rule: 'next' },
      { id: 'research', kind: 'RWF_RESEARCH', label: 'Research', rule: 'next' },
    ],
  });

  const place = async (
    label: string,
    spatialType: string,
    geometry: Geometry,
    access: string,
    owner = riverbend,
    state = 'ACTIVE',
  ) =>
    (
      await items.create(
        SYSTEM,
        'SpatialFeature',
        { label, spatialType, geometry, state },
        { owner, access: access as 'PROTECTED' },
      )
    ).$id;
  const places = {
    // Overlaps the project's north-east quarter.
    berry: await place('Berry patch', 'HARVEST', square(-120.79, 56.21, 0.02), 'COMMUNITY'),
    // Crosses it west to east.
    trap: await place(
      'Beaver trap line',
      'TRAPLINE',
      line([-120.81, 56.205], [-120.77, 56.205]),
      'PROTECTED',
    ),
    // 0.01° (about 1.1 km) north of it.
    camp: await place('Fish camp', 'CAMP', { type: 'Point', coordinates: [-120.79, 56.23] }, 'PROTECTED'),
    // On it, PRIVATE: orgAdmins only.
    burial: await place('Grandmother burial ground', 'SACRED', square(-120.795, 56.205, 0.003), 'PRIVATE'),
    // 20 km away.
    far: await place('Far cabin', 'CAMP', { type: 'Point', coordinates: [-120.5, 56.2] }, 'PROTECTED'),
    // On it, but another community's.
    theirs: await place(
      'Lakeside berry grounds',
      'HARVEST',
      square(-120.795, 56.2, 0.01),
      'COMMUNITY',
      other,
    ),
    // On it, archived.
    archived: await place(
      'Old camp',
      'CAMP',
      { type: 'Point', coordinates: [-120.79, 56.21] },
      'PROTECTED',
      riverbend,
      'ARCHIVED',
    ),
  };

  async function ok(c: WsClient, o: string, b: unknown) {
    const r = (await c.request(o, b)).b as Record<string, unknown>;
    if (r.erred) throw new Error(`${o}: ${JSON.stringify(r)}`);
    return r;
  }
  async function erred(c: WsClient, o: string, b: unknown) {
    const r = (await c.request(o, b)).b as Record<string, unknown>;
    if (!r.erred) throw new Error(`${o} did not fail: ${JSON.stringify(r)}`);
    return r;
  }
  async function start(who: Who, body: Record<string, unknown>) {
    return (await ws[who].request('act/spOverlayRun/async', body)).b as Record<string, unknown>;
  }
  async function finished(who: Who, key: string) {
    const f = await ws[who].waitForPush(
      (x) => x.o === 'taskComplete' && (x.b as { key?: string }).key === key,
      60_000,
    );
    return f.b as { keyItem?: string; errorKey?: string; percentageComplete: number };
  }
  async function run(who: Who, body: Record<string, unknown>) {
    const started = await start(who, body);
    if (started.erred) throw new Error(`spOverlayRun: ${JSON.stringify(started)}`);
    const key = String(started.key);
    const done = await finished(who, key);
    if (done.errorKey || !done.keyItem) throw new Error(`spOverlayRun task: ${JSON.stringify(done)}`);
    return { report: done.keyItem, key };
  }
  async function reportsOf(response: string) {
    const rows = await query<{ id: string }>(
      items.db,
      sql`select id from items where type = 'SpatialImpactReport' and data->>'response' = ${response} order by num`,
    );
    return rows.map((r) => r.id);
  }
  let n = 0;
  async function referral(area = true, by: Who = 'officer') {
    const c = await ok(ws.proponent, 'create/Consultation', {
      projectName: `Ridge road ${++n}`,
      primaryOrg: pipeline,
      submittedTo: riverbend,
    });
    const consultation = String(c.$id);
    if (area)
      await ok(ws.proponent, 'create/ConsultProjectFeature', {
        consultation,
        label: 'Road corridor',
        geometry: PROJECT,
      });
    await ok(ws.proponent, 'act/cnsSubmit', { consultation });
    const d = await ok(ws[by], 'act/cnsDistribute', { consultation, communities: [riverbend] });
    return { consultation, response: (d.responses as string[])[0]! };
  }
  return {
    tdb,
    server,
    orgs: { riverbend, pipeline, other },
    users,
    ws,
    places,
    ok,
    erred,
    start,
    finished,
    run,
    reportsOf,
    referral,
    async close() {
      for (const c of Object.values(ws)) await c?.close();
      await server.close();
      await tdb.close();
    },
  };
}
