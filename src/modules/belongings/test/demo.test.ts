import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { demoIn } from '../../../../test/helpers/demo';

// The belongings demo (issue 17 "Demo data"), seeded with every module's: two museums holding
// Riverbend's belongings in every status, the default repatriation workflow running on the
// bandolier bag (IN_PROGRESS, its request with the lands officer), shared with its museum, whose
// curator reads it and not the note on it; the rattle restricted to the Elders.

let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;
let member: WsClient;
let curator: WsClient;

interface Found {
  ids: string[];
  facets?: Record<string, { value: unknown; count: number }[]>;
}

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, server.app.services.items);
  const as = async (email: string) => (await connectAs(server, email, DEMO_PASSWORD)).client;
  officer = await as('lands.officer@riverbend.example');
  member = await as('member@riverbend.example');
  curator = await as('curator@royalprovincial.example');
}, 120_000);

afterAll(async () => {
  await Promise.all([officer?.close(), member?.close(), curator?.close()]);
  await server?.close();
  await tdb?.close();
});

const bag = async (c: WsClient) =>
  (await c.call<Found>('search/ids', { must: { _t: ['Belonging'], $text: ['bandolier'] } })).ids[0];

describe('the belongings demo', () => {
  it('has belongings in every status, held by two museums', async () => {
    const r = await officer.call<Found>('search/ids', {
      must: { _t: ['Belonging'] },
      facets: ['repatriationStatus', 'institution'],
      max: 100,
    });
    expect(r.ids.length).toBe(7);
    const statuses = (r.facets?.repatriationStatus ?? [])
      .map((f) => f.value)
      .filter((v) => v !== null)
      .sort();
    expect(statuses).toEqual(
      ['DENIED', 'IN_PROGRESS', 'IN_TRANSIT', 'LONG_TERM_LOAN', 'REPATRIATED', 'SHORT_TERM_LOAN'].sort(),
    );
    const orgs = await officer.call<{ results: { label: string; type: string; belongings: number }[] }>(
      'act/searchBelongingOrgs',
      { query: 'museum' },
    );
    expect(orgs.results.map((o) => [o.label, o.type, o.belongings])).toEqual([
      ['Eastern University Museum of Anthropology', 'MUSEUM', 3],
      ['Royal Provincial Museum', 'MUSEUM', 4],
    ]);
  });

  it('runs the repatriation on the bandolier bag, its request with the lands officer', async () => {
    const id = await bag(officer);
    const b = await officer.call<Record<string, unknown>>('read/' + id);
    expect(b.repatriationStatus).toBe('IN_PROGRESS');
    const steps = (b._wf as { steps: { id: string; state: string; assignedTo: string | null }[] }).steps;
    expect(steps.map((s) => s.id)).toEqual(['request', 'research', 'negotiation', 'transport', 'return']);
    expect(steps[0]!.state).toBe('ACTIVE');
    expect(b['_wf.$assigned']).toEqual([steps[0]!.assignedTo]);
    expect(steps.filter((s) => s.assignedTo === steps[0]!.assignedTo).map((s) => s.id)).toEqual([
      'request',
      'negotiation',
      'transport',
      'return',
    ]);
  });

  it('shares the bag with its museum: the curator reads it, not the note, nothing else of Riverbend’s', async () => {
    const id = await bag(officer);
    expect(await bag(curator)).toBe(id);
    const all = await curator.call<Found>('search/ids', { must: { _t: ['Belonging', 'BelongingNote'] } });
    expect(all.ids).toEqual([id]);
    // The museums list, for the curator: only the museum of what they may read.
    const orgs = await curator.call<{ results: { label: string }[] }>('act/searchBelongingOrgs', {
      query: '',
    });
    expect(orgs.results.map((o) => o.label)).toEqual(['Royal Provincial Museum']);
  });

  it('keeps the rattle to the Elders', async () => {
    const q = { must: { _t: ['Belonging'], $text: ['rattle'] } };
    expect((await officer.call<Found>('search/ids', q)).ids).toHaveLength(1);
    expect((await member.call<Found>('search/ids', q)).ids).toHaveLength(0);
  });
});
