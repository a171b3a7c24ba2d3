import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilityNames } from '../../../kernel/capabilities';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';

// The GeoKeeper demo holds together (issue 20 "Demo data"): Riverbend's ASSIGNED monitoring
// program with two forms, a work item, a reference, a trip with three records near the crossing,
// a fieldwork job from the crossing consultation for the pipeline company; Riverbend holds the
// GeoKeeper setting; and who reads it: the lands officer and the assigned monitor all of it, the
// proponent and the regulator nothing (the proponent not even its own fieldwork job).

let tdb: TestDatabase;
let server: TestServer;
const clients = new Map<string, WsClient>();
const EMAILS = [
  'lands.officer@riverbend.example',
  'member@riverbend.example',
  'researcher@riverbend.example',
  'proponent@northernpipeline.example',
  'regulator@lands.gov.example',
];
const TYPES = [
  'GeoKeeperProgram',
  'GeoKeeperFormDef',
  'GeoKeeperWorkItem',
  'GeoKeeperReference',
  'GeoKeeperFieldData',
  'GeoKeeperFieldwork',
];

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  await seedDemo(server.app.services.items, undefined, server.app.services.files);
  await server.app.idle();
  for (const e of EMAILS) clients.set(e, (await connectAs(server, e, DEMO_PASSWORD)).client);
}, 180_000);

afterAll(async () => {
  for (const c of clients.values()) await c.close();
  await server?.close();
  await tdb?.close();
});

async function readable(email: string) {
  const b = (await clients.get(email)!.request('search/ids', { must: { _t: TYPES }, facets: ['_t'], max: 0 }))
    .b as { facets: Record<string, { value: string; count: number }[]>; erred?: boolean };
  expect(b.erred).toBeUndefined();
  return Object.fromEntries((b.facets._t ?? []).map((x) => [x.value, x.count]));
}

const ALL = {
  GeoKeeperProgram: 1,
  GeoKeeperFormDef: 2,
  GeoKeeperWorkItem: 1,
  GeoKeeperReference: 1,
  GeoKeeperFieldData: 4,
  GeoKeeperFieldwork: 1,
};

describe('the GeoKeeper demo', () => {
  it('has the program, its forms, work item, reference, a trip of three records and a fieldwork job', async () => {
    const rows = await query<{ type: string; n: number }>(
      server.app.services.items.db,
      sql`select type, count(*)::int as n from items where type like 'GeoKeeper%' and not deleted group by type`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, r.n]))).toEqual(ALL);
    const records = await query<{ trip: string; lng: string; lat: string; formVersion: string }>(
      server.app.services.items.db,
      sql`select data->>'trip' as trip, data->'spatial'->'coordinates'->>0 as lng,
        data->'spatial'->'coordinates'->>1 as lat, data->>'formVersion' as "formVersion"
        from items where type = 'GeoKeeperFieldData' and data->>'formType' = 'RECORD'`,
    );
    expect(records).toHaveLength(3);
    expect(new Set(records.map((r) => r.trip)).size).toBe(1);
    for (const r of records) {
      // Near the demo's crossing, a short walk from spatial's Willow Creek moose lick.
      expect(Math.abs(Number(r.lng) + 120.74)).toBeLessThan(0.01);
      expect(Math.abs(Number(r.lat) - 56.2)).toBeLessThan(0.01);
      expect(r.formVersion).toBe('1');
    }
    const [job] = await query<{ consultation: string; party: string }>(
      server.app.services.items.db,
      sql`select data->>'createdFrom' as consultation, data->>'externalParty' as party
        from items where type = 'GeoKeeperFieldwork'`,
    );
    const consultation = await server.app.services.items.read(SYSTEM, job!.consultation);
    expect(consultation.projectName).toBeTruthy();
    expect((await server.app.services.items.read(SYSTEM, job!.party)).displayName).toBe(
      'Northern Pipeline Corp.',
    );
  });

  it('Riverbend holds the GeoKeeper setting', async () => {
    const [org] = await query<{ caps: unknown }>(
      server.app.services.items.db,
      sql`select data->'capabilities' as caps from items where type = 'Organization'
        and data->>'displayName' = 'Riverbend First Nation'`,
    );
    expect(capabilityNames(org!.caps)).toContain('GeoKeeper');
  });

  it('the lands officer reads it all; the monitor all but the fieldwork job; outsiders nothing', async () => {
    expect(await readable('lands.officer@riverbend.example')).toEqual(ALL);
    expect(await readable('researcher@riverbend.example')).toEqual(ALL);
    const { GeoKeeperFieldwork: _job, ...monitorSees } = ALL;
    expect(await readable('member@riverbend.example')).toEqual(monitorSees);
    expect(await readable('proponent@northernpipeline.example')).toEqual({});
    expect(await readable('regulator@lands.gov.example')).toEqual({});
  });
});
