import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// The geometry kind through the item service and search (issue 15 "Geometry as a property kind"):
// a bad shape is refused naming the field, the box is kept in items.bbox on create and update,
// and `$bbox` finds what overlaps, through the read rule: a PRIVATE site never shows to others.

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let member: WsClient;
let community: string;
let layer: string;
const items = () => server.app.services.items;

const poly = (x: number, y: number, d = 0.01) => ({
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

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  community = await makeOrg(items(), 'Riverbend First Nation');
  const s = await makeUser(items(), [[community, 'staff']]);
  const m = await makeUser(items(), [[community, 'member']]);
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  member = (await connectAs(server, m.email, PASSWORD)).client;
  layer = (
    await items().create(
      SYSTEM,
      'SpatialCollection',
      { label: 'Sites', state: 'ACTIVE' },
      { owner: community, access: 'COMMUNITY' },
    )
  ).$id;
}, 60_000);

afterAll(async () => {
  await staff?.close();
  await member?.close();
  await server?.close();
  await tdb?.close();
});

const bboxOf = async (id: string) =>
  (await query<{ b: string | null }>(items().db, sql`select bbox::text as b from items where id = ${id}`))[0]
    ?.b;

describe('geometry items', () => {
  it('refuses a bad geometry with the field and the rule', async () => {
    const f = await staff.request('create/SpatialFeature', {
      label: 'Open ring',
      state: 'ACTIVE',
      owner: community,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
    });
    expect((f.b as { fields?: unknown }).fields).toEqual([{ path: 'geometry', key: 'errors.geometry.ring' }]);
  });

  it('keeps the box on create and update, and none without geometry', async () => {
    const { b } = await staff.request('create/SpatialFeature', {
      label: 'Fish camp',
      state: 'ACTIVE',
      owner: community,
      collection: layer,
      geometry: { type: 'Point', coordinates: [-120.5, 55.25] },
    });
    const id = (b as { $id: string }).$id;
    expect(await bboxOf(id)).toBe('(-120.5,55.25),(-120.5,55.25)');
    const cur = await items().readRow(id);
    await items().update(SYSTEM, { $id: id, $version: cur!.version, geometry: poly(-121, 55) });
    expect(await bboxOf(id)).toBe('(-120.99,55.01),(-121,55)');
    await items().update(SYSTEM, { $id: id, $version: cur!.version + 1, geometry: null });
    expect(await bboxOf(id)).toBeNull();
  });

  it('finds what overlaps a $bbox, through the read rule', async () => {
    const open = await items().create(
      SYSTEM,
      'SpatialFeature',
      { label: 'Berry patch', state: 'ACTIVE', collection: layer, geometry: poly(-119, 56) },
      { owner: community, access: 'COMMUNITY' },
    );
    const sacred = await items().create(
      SYSTEM,
      'SpatialFeature',
      { label: 'Burial ground', state: 'ACTIVE', collection: layer, geometry: poly(-119.005, 56.005) },
      { owner: community, access: 'PROTECTED' },
    );
    await items().create(
      SYSTEM,
      'SpatialFeature',
      { label: 'Far away', state: 'ACTIVE', collection: layer, geometry: poly(-100, 60) },
      { owner: community, access: 'COMMUNITY' },
    );
    const q = { must: { _t: ['SpatialFeature'], $bbox: ['-119.1,55.9,-118.9,56.1'] }, labels: true };
    const asStaff = await staff.call<{ ids: string[] }>('search/ids', q);
    expect(asStaff.ids.sort()).toEqual([open.$id, sacred.$id].sort());
    const asMember = await member.call<{ ids: string[]; total: number }>('search/ids', q);
    expect(asMember.ids).toEqual([open.$id]);
    expect(asMember.total).toBe(1);
    expect(JSON.stringify(asMember)).not.toContain('Burial');
  });

  it('refuses a $bbox that is not four numbers in range', async () => {
    for (const v of ['1,2,3', 'a,b,c,d', '-200,0,0,1', '10,0,5,1']) {
      const f = await staff.request('search/ids', { must: { $bbox: [v] } });
      expect((f.b as { userMessage?: string }).userMessage).toBe('invalidInput');
    }
  });
});
