import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo';
import { SYSTEM } from '../../../server/access/principal';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { SITES, STUDY_TITLE } from '../server/demo-study';

// The research demo holds together (issue 18 "Demo data"): the land-use study with its four
// interviews, five respondents and forty data points, each given its site code and project by
// the server, inside the study's bounds; the research lists; the capability where the demo's
// sign-ins need it; and who reads it: the researcher all, the lands staff all but the two
// PRIVATE places, a plain member, the proponent and the regulator nothing.

let tdb: TestDatabase;
let server: TestServer;
const clients = new Map<string, WsClient>();
const EMAILS = [
  'researcher@riverbend.example',
  'lands.officer@riverbend.example',
  'member@riverbend.example',
  'proponent@northernpipeline.example',
  'regulator@lands.gov.example',
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

const TYPES = [
  'ResearchProject',
  'ResearchActivity',
  'ResearchData',
  'CommunityMember',
  'ResearchSpecies',
  'ResearchTopic',
];

async function readable(email: string) {
  const b = (await clients.get(email)!.request('search/ids', { must: { _t: TYPES }, facets: ['_t'], max: 0 }))
    .b as { facets: Record<string, { value: string; count: number }[]>; erred?: boolean };
  expect(b.erred).toBeUndefined();
  return Object.fromEntries((b.facets._t ?? []).map((x) => [x.value, x.count]));
}

describe('the research demo', () => {
  it('has the study, its interviews, respondents, species, topics and forty coded places', async () => {
    const rows = await query<{ type: string; n: number }>(
      tdb.database.db,
      sql`select type, count(*)::int as n from items where type like 'Research%' and not deleted group by 1`,
    );
    const n = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    expect(n).toMatchObject({ ResearchProject: 1, ResearchActivity: 4, ResearchData: SITES.length });
    expect(n.ResearchSpecies).toBeGreaterThanOrEqual(8);
    expect(SITES.length).toBe(40);
    const data = await query<{
      code: string | null;
      project: string | null;
      access: string;
      g: string;
      a: string;
    }>(
      tdb.database.db,
      sql`select data->>'siteCode' as code, data->>'project' as project, access, data->'spatial'->>'type' as g,
          data->>'activity' as a
        from items where type = 'ResearchData'`,
    );
    const [project] = await query<{ id: string; title: string }>(
      tdb.database.db,
      sql`select id, data->>'title' as title from items where type = 'ResearchProject'`,
    );
    expect(project!.title).toBe(STUDY_TITLE);
    for (const d of data) {
      expect(d.code).toMatch(/^[A-Z]{2}\d{2}(-\d{2})+$/);
      expect(d.project).toBe(project!.id);
    }
    // A site code is unique within its interview (its numbers count there).
    expect(new Set(data.map((d) => `${d.a} ${d.code}`)).size).toBe(data.length);
    expect(data.map((d) => d.code)).toContain('HU00-01');
    expect(data.map((d) => d.code)).toContain('BE01-01-02');
    expect(data.filter((d) => d.access === 'PRIVATE')).toHaveLength(2);
    expect(new Set(data.map((d) => d.g))).toEqual(new Set(['Point', 'LineString']));
  });

  it('keeps the places and the study area inside the study’s bounds', async () => {
    const [box] = await query<{ x0: number; y0: number; x1: number; y1: number }>(
      tdb.database.db,
      sql`select min((bbox[1])[0]) as x0, min((bbox[1])[1]) as y0, max((bbox[0])[0]) as x1, max((bbox[0])[1]) as y1
        from items where type in ('ResearchData', 'ResearchProject') and bbox is not null`,
    );
    expect(box!.x0).toBeGreaterThanOrEqual(-121.2);
    expect(box!.x1).toBeLessThanOrEqual(-120.4);
    expect(box!.y0).toBeGreaterThanOrEqual(55.9);
    expect(box!.y1).toBeLessThanOrEqual(56.5);
  });

  it('gives the research team the Research capability, not the community (all its members) nor a plain member', async () => {
    const { items } = server.app.services;
    const [org] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'Organization' and data->>'displayName' = 'Riverbend First Nation'`,
    );
    // An organisation's capability is every member's (the vocabulary's menus follow Research too).
    expect((await items.read(SYSTEM, org!.id)).capabilities ?? []).not.toContain('Research');
    const caps = async (email: string) => {
      const [u] = await query<{ caps: Record<string, boolean> | null }>(
        tdb.database.db,
        sql`select data->'capabilities' as caps from items where type = 'User' and data->>'email' = ${email}`,
      );
      return u?.caps ?? {};
    };
    expect((await caps('researcher@riverbend.example')).Research).toBe(true);
    expect((await caps('member@riverbend.example')).Research).toBeUndefined();
  });

  it('is read by the researcher and the staff, and by nobody else', async () => {
    const researcher = await readable('researcher@riverbend.example');
    expect(researcher.ResearchData).toBe(40);
    expect(researcher.ResearchActivity).toBe(4);
    // The study's five respondents and 40 of the family's 41: the PRIVATE father is not hers.
    expect(researcher.CommunityMember).toBe(45);
    // The lands officer (editor) reads all but the two PRIVATE places.
    expect((await readable('lands.officer@riverbend.example')).ResearchData).toBe(38);
    for (const e of [
      'member@riverbend.example',
      'proponent@northernpipeline.example',
      'regulator@lands.gov.example',
    ])
      expect(await readable(e), e).toEqual({});
  });

  it('has the lists a data point is coded with, for Riverbend', async () => {
    const rows = await query<{ list: string; n: number }>(
      tdb.database.db,
      sql`select data->>'list' as list, count(*)::int as n from items
        where type = 'LOVValue' and data->>'list' like any (array['RES_%', 'CM_%']) group by 1`,
    );
    const n = Object.fromEntries(rows.map((r) => [r.list, r.n]));
    for (const l of [
      'RES_PROJECT_TYPES',
      'RES_ACTIVITY_TYPES',
      'RES_VALUE_CATEGORIES',
      'RES_VALUE_CODES',
      'RES_TIME_CODES',
      'CM_STATUSES',
      'CM_LANGUAGES',
    ])
      expect(n[l], l).toBeGreaterThan(3);
    // Every code and category the demo's places use is in the lists.
    const keys = await query<{ key: string }>(
      tdb.database.db,
      sql`select data->>'key' as key from items where type = 'LOVValue' and data->>'list' in ('RES_VALUE_CODES', 'RES_VALUE_CATEGORIES', 'RES_TIME_CODES')`,
    );
    const have = new Set(keys.map((k) => k.key));
    for (const s of SITES) {
      expect(have.has(s.code), s.code).toBe(true);
      expect(have.has(s.category), s.category).toBe(true);
      if (s.time) expect(have.has(s.time), s.time).toBe(true);
    }
  });
});
