import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../../server/db/query';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { DEMO_CATEGORIES, DEMO_TYPES } from '../server/demo';

// The archive demo holds together (issue 17 "Demo data"): a dozen entries with their lists and
// real files (generated images, a recording, PDFs) whose media categories and thumbnails work,
// and the private and Elders-only entries hidden from a plain member, with the organisation only
// the private entry names.

let tdb: TestDatabase;
let server: TestServer;
let member: { client: WsClient; token: string };
let landsAdmin: { client: WsClient; token: string };
let officer: { client: WsClient; token: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  await seedDemo(server.app.services.items, undefined, server.app.services.files);
  await server.app.idle();
  member = await connectAs(server, 'member@riverbend.example', DEMO_PASSWORD);
  landsAdmin = await connectAs(server, 'lands.admin@riverbend.example', DEMO_PASSWORD);
  officer = await connectAs(server, 'lands.officer@riverbend.example', DEMO_PASSWORD);
}, 120_000);

afterAll(async () => {
  for (const c of [member, landsAdmin, officer]) await c?.client.close();
  await server?.close();
  await tdb?.close();
});

const titles = async (c: WsClient) => {
  const b = (
    await c.request('search/ids', {
      must: { _t: ['ArchiveEntry'] },
      labels: true,
      max: 100,
      facets: ['mediaCategories'],
    })
  ).b as {
    ids: string[];
    labels: Record<string, string>;
    facets: Record<string, { value: string; count: number }[]>;
  };
  return { titles: b.ids.map((id) => b.labels[id]!), facets: b.facets };
};

describe('the archive demo', () => {
  it('has a dozen entries, the two lists, and files whose media categories are counted', async () => {
    const n = await query<{ n: number }>(
      tdb.database.db,
      sql`select count(*)::int as n from items where type = 'ArchiveEntry'`,
    );
    expect(n[0]!.n).toBe(12);
    const lists = await query<{ list: string; n: number }>(
      tdb.database.db,
      sql`select data->>'list' as list, count(*)::int as n from items where type = 'LOVValue'
        and data->>'list' like 'ARCHIVE_%' group by 1 order by 1`,
    );
    expect(lists).toEqual([
      { list: 'ARCHIVE_CATEGORIES', n: Object.keys(DEMO_CATEGORIES).length },
      { list: 'ARCHIVE_TYPES', n: Object.keys(DEMO_TYPES).length },
    ]);
    const { facets } = await titles(landsAdmin.client);
    const count = Object.fromEntries((facets.mediaCategories ?? []).map((b) => [b.value, b.count]));
    // The lands manager is one of the Elders: their burial-grounds recording counts.
    expect(count).toEqual({ AUDIO: 2, DOCUMENT: 2, IMAGE: 4 });
  });

  it('serves an entry’s thumbnail (a real JPEG made from the drawing)', async () => {
    const [hit] = await query<{ id: string }>(
      tdb.database.db,
      sql`select id from items where type = 'ArchiveEntry' and data->>'title' like 'Fish camp%'`,
    );
    const res = await fetch(`${server.url}/item-id-image/${hit!.id}?variant=thumbnail`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });

  it('hides the private and the Elders-only entries from a member, and the private one’s source', async () => {
    const { titles: seen, facets } = await titles(member.client);
    // Nor is the Elders' recording counted among the member's media.
    expect(facets.mediaCategories?.find((b) => b.value === 'AUDIO')?.count).toBe(1);
    expect(seen).toContain('Fish camp at the river flats, summer 1962');
    expect(seen).not.toContain('Land claim negotiation notes (confidential)');
    expect(seen).not.toContain('Old burial grounds along the upper river');
    expect(seen).not.toContain('Band council minutes, 1975 to 1979'); // PROTECTED
    const officerSees = (await titles(officer.client)).titles;
    expect(officerSees).toContain('Old burial grounds along the upper river');
    expect(officerSees).not.toContain('Land claim negotiation notes (confidential)');
    const orgs = async (c: WsClient) =>
      (
        (await c.request('act/searchSourceOrgs', { query: '' })).b as { results: { label: string }[] }
      ).results.map((r) => r.label);
    expect(await orgs(member.client)).toEqual(['Northern Provincial Archives', 'Valley Museum of History']);
    expect(await orgs(landsAdmin.client)).toEqual([
      'Crane & Hollis Barristers',
      'Northern Provincial Archives',
      'Valley Museum of History',
    ]);
  });
});
