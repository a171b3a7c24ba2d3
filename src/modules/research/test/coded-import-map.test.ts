import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, WsClient } from '../../../../test/helpers/ws-client';

// research.data's MAP mode (docs/research-import.md "The map"): the search's own query streamed
// (streamFeatures `query`), for each kind of principal. The read rule is search's SQL and every
// row is checked again: PROTECTED points reach the community's staff and up, a PRIVATE point its
// creator and the orgAdmin only, and a proponent's or member's stream of the very same query is
// empty. "No trace": the PRIVATE point's id, label and coordinates are in nothing the others get.

type Who = 'admin' | 'orgAdmin' | 'creator' | 'staff' | 'member' | 'proponent' | 'signedOut';
let tdb: TestDatabase;
let server: TestServer;
const clients = new Map<Who, WsClient>();
const ids: Record<string, string> = {};
const SECRET = 'Grandmother spring';
const SECRET_LON = -121.123457;

async function stream(c: WsClient, query: Record<string, unknown>) {
  const out: Record<string, { label: string; geometry: unknown; accuracy?: number }> = {};
  const text: string[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  do {
    const f = await c.request('act/streamFeatures', { query, cursor, batch: 2, count: cursor !== null });
    text.push(JSON.stringify(f.b));
    const b = f.b as {
      erred?: boolean;
      features?: typeof out;
      cursor?: string | null;
      total?: number | null;
    };
    if (b.erred) return { erred: true, out, text: text.join(), total };
    Object.assign(out, b.features);
    cursor = b.cursor ?? null;
    total = b.total ?? total;
  } while (cursor);
  return { erred: false, out, text: text.join(), total };
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation');
  const pipeline = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const users = {
    admin: await makeUser(items, [], { admin: true }),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'editor']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    member: await makeUser(items, [[riverbend, 'member']]),
    proponent: await makeUser(items, [[pipeline, 'orgAdmin']]),
  };
  const as = { owner: riverbend, actor: users.creator.id };
  ids.project = (await items.create(SYSTEM, 'ResearchProject', { title: 'Upper river study' }, as)).$id;
  const point = async (key: string, label: string, lon: number, mapAccuracy: string, access?: 'PRIVATE') =>
    (ids[key] = (
      await items.create(
        SYSTEM,
        'ResearchData',
        { label, project: ids.project, mapAccuracy, spatial: { type: 'Point', coordinates: [lon, 56.2] } },
        { ...as, ...(access ? { access } : {}) },
      )
    ).$id);
  await point('a', 'Fish camp', -120.5, 'HIGH');
  await point('b', 'Berry patch', -120.6, 'LOW');
  await point('c', 'Moose lick', -120.7, 'N_A');
  await point('secret', SECRET, SECRET_LON, 'MEDIUM', 'PRIVATE');
  // Research data of the proponent's own, so their empty stream is the rule and not an empty type.
  await items.create(
    SYSTEM,
    'ResearchData',
    { label: 'Pipeline survey point', spatial: { type: 'Point', coordinates: [-119, 55] } },
    { owner: pipeline, actor: users.proponent.id },
  );
  for (const [k, u] of Object.entries(users))
    clients.set(k as Who, (await connectAs(server, u.email, PASSWORD)).client);
  clients.set('signedOut', await WsClient.connect(server.wsUrl));
}, 120_000);

afterAll(async () => {
  for (const c of clients.values()) await c.close();
  await server?.close();
  await tdb?.close();
});

const QUERY = { must: { _t: ['ResearchData'], project: [] as string[] } };

describe('research.data MAP mode: the query stream', () => {
  const expected: Record<Exclude<Who, 'signedOut'>, string[]> = {
    admin: ['a', 'b', 'c', 'secret'],
    orgAdmin: ['a', 'b', 'c', 'secret'],
    creator: ['a', 'b', 'c', 'secret'],
    staff: ['a', 'b', 'c'],
    member: [],
    proponent: [],
  };

  for (const [who, keys] of Object.entries(expected))
    it(`${who} is streamed exactly the points they may read`, async () => {
      const q = { must: { ...QUERY.must, project: [ids.project!] } };
      const r = await stream(clients.get(who as Who)!, q);
      expect(r.erred).toBe(false);
      expect(Object.keys(r.out).sort()).toEqual(keys.map((k) => ids[k]!).sort());
      if (!keys.includes('secret')) {
        expect(r.text).not.toContain(ids.secret!);
        expect(r.text).not.toContain(SECRET);
        expect(r.text).not.toContain(String(SECRET_LON));
      }
      if (keys.length > 2) expect(r.total).toBe(keys.length);
    });

  it('a proponent’s stream of every research point holds only their own', async () => {
    const r = await stream(clients.get('proponent')!, { must: { _t: ['ResearchData'] } });
    expect(Object.values(r.out).map((f) => f.label)).toEqual(['Pipeline survey point']);
    expect(r.text).not.toContain('Fish camp');
  });

  it('the signed-out visitor is refused or shown nothing', async () => {
    const r = await stream(clients.get('signedOut')!, QUERY);
    expect(Object.keys(r.out)).toEqual([]);
    expect(r.text).not.toContain(SECRET);
  });

  it('draws the research geometry, sized by accuracy in metres', async () => {
    const r = await stream(clients.get('staff')!, {
      must: { _t: ['ResearchData'], mapAccuracy: ['HIGH', 'LOW', 'N_A'] },
    });
    expect(r.out[ids.a!]).toMatchObject({ label: 'Fish camp', accuracy: 25, geometry: { type: 'Point' } });
    expect(r.out[ids.b!]!.accuracy).toBe(1000);
    expect(r.out[ids.c!]!.accuracy).toBeUndefined();
  });

  it('keeps the search’s own filters (a facet, a word)', async () => {
    const staff = clients.get('staff')!;
    expect(
      Object.keys((await stream(staff, { must: { _t: ['ResearchData'], mapAccuracy: ['LOW'] } })).out),
    ).toEqual([ids.b]);
    expect(
      Object.keys((await stream(staff, { must: { _t: ['ResearchData'], $text: ['moose'] } })).out),
    ).toEqual([ids.c]);
    // The creator finds the PRIVATE point by its word; staff do not.
    expect(Object.keys((await stream(staff, { must: { $text: ['grandmother'] } })).out)).toEqual([]);
    expect(
      Object.keys((await stream(clients.get('creator')!, { must: { $text: ['grandmother'] } })).out),
    ).toEqual([ids.secret]);
  });
});
