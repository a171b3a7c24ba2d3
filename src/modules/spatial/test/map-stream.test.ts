import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// streamFeatures (spec §7, issue 15 "The map"): batches with a cursor until null, layers by
// relatedIDs, stand-ins by proxyIDs and onlyProxyTypes, DRAFT and ARCHIVED only when asked,
// a box, and a bad body refused with field errors.

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let community: string;
let layerA: string;
let layerB: string;
let thread: string;
let archive: string;
const items = () => server.app.services.items;
const labelOf = new Map<string, string>();
const pt = (x: number, y: number) => ({ type: 'Point', coordinates: [x, y] });

type Reply = {
  features: Record<
    string,
    { t: string; label: string; accuracy?: number; collection?: string; rel?: string }
  >;
  cursor: string | null;
  total: number | null;
};

async function all(body: Record<string, unknown>, batch = 4) {
  const batches: Reply[] = [];
  let cursor: string | null = null;
  do {
    // As the client does: the total is asked with the second batch.
    const count = batches.length === 1 ? { count: true } : {};
    const r: Reply = await staff.call<Reply>('act/streamFeatures', { ...body, batch, cursor, ...count });
    batches.push(r);
    cursor = r.cursor;
  } while (cursor && batches.length < 100);
  const features = Object.assign({}, ...batches.map((b) => b.features)) as Reply['features'];
  return { batches, features };
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  community = await makeOrg(items(), 'Riverbend First Nation');
  const s = await makeUser(items(), [[community, 'staff']]);
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  const own = { owner: community, access: 'COMMUNITY' as const };
  const layer = async (label: string) =>
    (await items().create(SYSTEM, 'SpatialCollection', { label, state: 'ACTIVE' }, own)).$id;
  layerA = await layer('Sites');
  layerB = await layer('Trails');
  for (let n = 0; n < 10; n++) {
    const f = await items().create(
      SYSTEM,
      'SpatialFeature',
      {
        label: `Site ${n}`,
        collection: layerA,
        geometry: pt(-120.5 - n * 0.01, 56),
        state: n === 8 ? 'DRAFT' : n === 9 ? 'ARCHIVED' : 'ACTIVE',
        ...(n < 3 ? { accuracy: 10 * (n + 1) } : {}),
      },
      own,
    );
    labelOf.set(f.$id, `Site ${n}`);
  }
  await items().create(
    SYSTEM,
    'SpatialFeature',
    { label: 'Trail', collection: layerB, geometry: pt(-121, 56.4), state: 'ACTIVE' },
    own,
  );
  thread = (await items().create(SYSTEM, 'Thread', { subject: 'Field notes' }, own)).$id;
  archive = (await items().create(SYSTEM, 'Agreement', { title: 'Study', state: 'ACTIVE' }, own)).$id;
  await items().create(
    SYSTEM,
    'Feature',
    { rel: thread, label: 'Notes here', geometry: pt(-120.7, 56.1) },
    own,
  );
  await items().create(
    SYSTEM,
    'Feature',
    { rel: archive, label: 'Study area', collection: layerB, geometry: pt(-120.8, 56.2) },
    own,
  );
}, 60_000);

afterAll(async () => {
  await staff?.close();
  await server?.close();
  await tdb?.close();
});

describe('streamFeatures', () => {
  it('gives a layer in batches until the cursor is null, each feature once, ACTIVE only', async () => {
    const { batches, features } = await all({ relatedIDs: [layerA] });
    expect(batches.map((b) => Object.keys(b.features).length)).toEqual([4, 4]);
    expect(batches.at(-1)!.cursor).toBeNull();
    // The first batch is not counted (it comes back at once); the second, asked to, is.
    expect(batches.map((b) => b.total)).toEqual([null, 8]);
    expect(
      Object.values(features)
        .map((f) => f.label)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((n) => `Site ${n}`));
    const first = Object.values(features).find((f) => f.label === 'Site 1')!;
    expect(first).toMatchObject({ t: 'SpatialFeature', accuracy: 20, collection: layerA });
  });

  it('includeExcluded adds the DRAFT and ARCHIVED places; a first batch that is all is counted', async () => {
    const { batches, features } = await all({ relatedIDs: [layerA], includeExcluded: true }, 2000);
    expect(Object.keys(features)).toHaveLength(10);
    expect(batches.map((b) => b.total)).toEqual([10]);
  });

  it('pages by the last id across types whose numbers repeat, each feature once', async () => {
    const whole = await all({ relatedIDs: [layerA, layerB] }, 2000);
    const { batches, features } = await all({ relatedIDs: [layerA, layerB] }, 1);
    expect(batches.length).toBeGreaterThanOrEqual(Object.keys(whole.features).length);
    expect(batches.every((b) => Object.keys(b.features).length <= 1)).toBe(true);
    expect(Object.keys(features).sort()).toEqual(Object.keys(whole.features).sort());
    const sent = batches.flatMap((b) => Object.keys(b.features));
    expect(new Set(sent).size).toBe(sent.length);
    expect(new Set(sent.map((id) => id.split('-')[0]))).toEqual(new Set(['SpatialFeature', 'Feature']));
  });

  it('relatedIDs of two layers holds the stand-ins drawn in them', async () => {
    const { features } = await all({ relatedIDs: [layerA, layerB] }, 2000);
    const labels = Object.values(features).map((f) => f.label);
    expect(labels).toContain('Trail');
    expect(labels).toContain('Study area');
    expect(labels).not.toContain('Notes here');
  });

  it('proxyIDs gives the Feature standing for an item; onlyProxyTypes narrows by its type', async () => {
    const byProxy = await all({ proxyIDs: [thread] });
    expect(Object.values(byProxy.features)).toEqual([
      expect.objectContaining({ t: 'Feature', label: 'Notes here', rel: thread }),
    ]);
    const onlyAgreements = await all({ onlyProxyTypes: ['Agreement'] });
    expect(Object.values(onlyAgreements.features).map((f) => f.label)).toEqual(['Study area']);
    const both = await all({ proxyIDs: [thread, archive], onlyProxyTypes: ['Thread'] });
    expect(Object.values(both.features).map((f) => f.label)).toEqual(['Notes here']);
  });

  it('itemIDs gives those items themselves (the MAP mode of a search), readable and ACTIVE ones', async () => {
    const found = await server.app.services.search.search(SYSTEM, {
      must: { _t: ['SpatialFeature'], collection: [layerA] },
      max: 100,
    });
    const { features } = await all({ itemIDs: [...found.ids, thread] }, 2000);
    expect(Object.keys(features).sort()).toEqual(
      found.ids.filter((id) => !['Site 8', 'Site 9'].includes(String(labelOf.get(id)))).sort(),
    );
  });

  it('a box keeps what overlaps it', async () => {
    const { features } = await all({ relatedIDs: [layerA, layerB], bbox: '-121.1,56.3,-120.9,56.5' }, 2000);
    expect(Object.values(features).map((f) => f.label)).toEqual(['Trail']);
  });

  it('refuses a bad body with field errors, and one with nothing to draw', async () => {
    const bad = async (b: unknown) =>
      (await staff.request('act/streamFeatures', b)).b as Record<string, unknown>;
    const none = await bad({});
    expect(none).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect(JSON.stringify(none)).toContain('relatedIDs');
    for (const body of [
      { relatedIDs: ['not an id'] },
      { relatedIDs: [layerA], batch: 5000 },
      { relatedIDs: [layerA], bbox: '1,2,3' },
      { relatedIDs: [layerA], cursor: '-1' },
      { relatedIDs: [layerA], extra: true },
      { onlyProxyTypes: ['not a type'] },
    ])
      expect(await bad(body), JSON.stringify(body)).toMatchObject({
        erred: true,
        userMessage: 'invalidInput',
      });
  });
});
