import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { loadPrincipal } from '../../../server/auth/principals';
import { grantAccess } from '../../../server/items/grants';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { connectAs, WsClient } from '../../../../test/helpers/ws-client';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { demoIn } from '../../../../test/helpers/demo';

// Sacred places must never leak (issue 15 "Access"): the demo's PRIVATE burial ground and sacred
// rock, through every path of the map part (streamFeatures, $bbox search, the MAP mode's search,
// labels, facet counts, pushes), for each kind of principal. "No trace": neither id, label nor
// coordinates appear anywhere in what the others are sent.

let tdb: TestDatabase;
let server: TestServer;
const items = () => server.app.services.items;
const ids = new Map<string, string>();

const HIDDEN_LABELS = ['Crane Hill burial ground', 'Grandmother Rock'];
let hiddenIds: string[] = [];
let layers: string[] = [];

const EMAILS = {
  admin: 'admin@riverbend.example',
  orgAdmin: 'lands.admin@riverbend.example',
  editor: 'lands.officer@riverbend.example',
  staff: 'researcher@riverbend.example',
  member: 'member@riverbend.example',
  proponent: 'proponent@northernpipeline.example',
} as const;
type Who = keyof typeof EMAILS | 'signedOut' | 'granted';
const clients = new Map<Who, WsClient>();

async function stream(c: WsClient, body: Record<string, unknown>) {
  const out: Record<string, { label: string; geometry: unknown }> = {};
  const replies: unknown[] = [];
  let cursor: string | null = null;
  do {
    const f = await c.request('act/streamFeatures', { ...body, cursor, batch: 7 });
    replies.push(f.b);
    const b = f.b as { erred?: boolean; features: typeof out; cursor: string | null };
    if (b.erred) return { erred: b, out, replies };
    Object.assign(out, b.features);
    cursor = b.cursor;
  } while (cursor);
  return { out, replies };
}

beforeAll(async () => {
  tdb = await openTestDatabase({ demo: true });
  server = await startTestServer(tdb.database);
  await demoIn(tdb, items());
  await server.app.idle();
  const found = await server.app.services.search.search(SYSTEM, {
    must: { _t: ['SpatialFeature'], label: HIDDEN_LABELS },
    max: 10,
  });
  hiddenIds = found.ids;
  const l = await server.app.services.search.search(SYSTEM, { must: { _t: ['SpatialCollection'] }, max: 10 });
  layers = l.ids;
  for (const [who, email] of Object.entries(EMAILS))
    clients.set(who as Who, (await connectAs(server, email, DEMO_PASSWORD)).client);
  clients.set('signedOut', await WsClient.connect(server.wsUrl));
  // Another Riverbend member granted one hidden place: the burial ground only.
  const riverbend = (await items().read(SYSTEM, hiddenIds[0]!)).owner!;
  const grantee = await makeUser(items(), [[riverbend, 'member']]);
  const manager = (await loadPrincipal(items().db, (await items().read(SYSTEM, hiddenIds[0]!))._c.$id!))!;
  const burial = (
    await server.app.services.search.search(SYSTEM, {
      must: { _t: ['SpatialFeature'], label: ['Crane Hill burial ground'] },
    })
  ).ids[0]!;
  ids.set('burial', burial);
  await grantAccess(items(), manager, burial, grantee.id, ['read']);
  await server.app.idle();
  clients.set('granted', (await connectAs(server, grantee.email, PASSWORD)).client);
}, 120_000);

afterAll(async () => {
  for (const c of clients.values()) await c.close();
  await server?.close();
  await tdb?.close();
});

/** What each principal may see of the two hidden places. */
const SEES: Record<Who, 'both' | 'burial' | 'none'> = {
  admin: 'both',
  orgAdmin: 'both',
  editor: 'none',
  staff: 'none',
  member: 'none',
  proponent: 'none',
  signedOut: 'none',
  granted: 'burial',
};

describe.each(Object.keys(SEES) as Who[])('the map as %s', (who) => {
  const visible = () =>
    SEES[who] === 'both' ? hiddenIds : SEES[who] === 'burial' ? [ids.get('burial')!] : [];
  const hiddenFromThem = () => hiddenIds.filter((id) => !visible().includes(id));
  const labelOf = async (id: string) => String((await items().read(SYSTEM, id)).label);
  const coordsOf = async (id: string) =>
    JSON.stringify((await items().read(SYSTEM, id)).geometry as { coordinates: unknown }).match(
      /\[(-?[0-9.]+,-?[0-9.]+)\]/,
    )![1]!;

  async function expectNoTrace(reply: unknown) {
    const text = JSON.stringify(reply);
    for (const id of hiddenFromThem()) {
      // Quoted: SpatialFeature-3 is a prefix of SpatialFeature-35.
      expect(text).not.toContain(`"${id}"`);
      expect(text).not.toContain(await labelOf(id));
      expect(text).not.toContain(await coordsOf(id));
    }
  }

  it('streamFeatures of every layer: the hidden places only for those who may read them', async () => {
    const c = clients.get(who)!;
    const r = await stream(c, { relatedIDs: layers, includeExcluded: true });
    if (who === 'signedOut' || who === 'proponent') {
      // No layer is PUBLIC in the demo, nor shared with the proponent: their map is empty.
      expect(Object.keys(r.out)).toEqual([]);
    } else expect(Object.keys(r.out).length).toBeGreaterThan(0);
    for (const id of visible()) expect(r.out[id]).toBeDefined();
    await expectNoTrace(r.replies);
  });

  it('streamFeatures by bbox around the hidden places and by proxy types leaves no trace', async () => {
    const c = clients.get(who)!;
    const r = await stream(c, { relatedIDs: layers, bbox: '-120.9,56.15,-120.7,56.25' });
    for (const id of visible()) expect(r.out[id]).toBeDefined();
    await expectNoTrace(r.replies);
    const p = await stream(c, { onlyProxyTypes: ['SpatialFeature'] });
    await expectNoTrace(p.replies);
  });

  it('$bbox search and the MAP mode search: ids, labels, facet counts leave them out', async () => {
    const c = clients.get(who)!;
    const box = await c.request('search/ids', {
      must: { _t: ['SpatialFeature'], $bbox: ['-120.9,56.15,-120.7,56.25'] },
      facets: ['spatialType', 'collection'],
      labels: true,
      max: 100,
    });
    await expectNoTrace(box.b);
    const b = box.b as { ids?: string[]; facets?: Record<string, { value: unknown; count: number }[]> };
    if (who !== 'signedOut' && who !== 'proponent') {
      for (const id of visible()) expect(b.ids).toContain(id);
      // The counts: BURIAL and SACRED are each counted only where the place is readable.
      const burial = b.facets?.spatialType?.find((x) => x.value === 'BURIAL')?.count ?? 0;
      const sacred = b.facets?.spatialType?.find((x) => x.value === 'SACRED')?.count ?? 0;
      expect(burial).toBe(SEES[who] === 'none' ? 0 : 1);
      expect(sacred).toBe(SEES[who] === 'both' ? 1 : 0);
    }
    // The MAP mode draws a search's results: the same search/ids, then streamFeatures by proxy ids.
    // …whose ids the MAP mode streams: hidden ids asked for by name give nothing back.
    const drawn = await stream(c, { itemIDs: [...(b.ids ?? []), ...hiddenIds] });
    for (const id of visible()) expect(drawn.out[id]).toBeDefined();
    await expectNoTrace(drawn.replies);
    const text = await c.request('search/ids', {
      must: { _t: ['SpatialFeature'], $text: ['Crane'] },
      labels: true,
    });
    await expectNoTrace(text.b);
    const labels = await c.request('readMany/object', hiddenIds);
    await expectNoTrace(
      Object.fromEntries(
        Object.entries(labels.b as Record<string, { erred?: boolean }>).filter(([, v]) => !v?.erred),
      ),
    );
  });
});

describe('live: a place made PRIVATE leaves an open map, a new PRIVATE one never comes', () => {
  it('the member is told the place is gone; the new hidden place is never named', async () => {
    const member = (await connectAs(server, EMAILS.member, DEMO_PASSWORD)).client;
    await member.call('addWatch/SpatialFeature-0', {});
    const r = await stream(member, { relatedIDs: layers });
    const [shownId] = Object.entries(r.out).find(([, f]) => f.label === 'Moose lick at Willow Creek')!;
    const officer = (await loadPrincipal(items().db, (await items().read(SYSTEM, shownId))._c.$id!))!;
    const before = await items().read(SYSTEM, shownId);
    await items().update(officer, { $id: shownId, $version: before.$version, $access: 'PRIVATE' });
    const gone = await member.waitForPush(
      (f) => f.o === 'item/action' && (f.b as { itemID?: string }).itemID === shownId,
    );
    expect(gone.b).toMatchObject({ opAction: 'delete', itemID: shownId });
    const secret = await items().create(officer, 'SpatialFeature', {
      label: 'Newly found sacred spring',
      collection: layers[0],
      geometry: { type: 'Point', coordinates: [-120.777, 56.199] },
      state: 'ACTIVE',
      $access: 'PRIVATE',
    });
    await server.app.idle();
    // A visible change still reaches the member, after the secret one: the pushes are in order.
    const visibleOne = Object.keys(r.out).find((id) => id !== shownId)!;
    const v = await items().read(SYSTEM, visibleOne);
    await items().update(SYSTEM, { $id: visibleOne, $version: v.$version, description: 'checked' });
    await member.waitForPush((f) => f.o === 'itemUpdated' && (f.b as { $id?: string }).$id === visibleOne);
    const text = JSON.stringify(member.pushes);
    expect(text).not.toContain(secret.$id);
    expect(text).not.toContain('Newly found sacred spring');
    expect(text).not.toContain('-120.777');
    // The member who never saw a hidden place is not told of its change either.
    const manager = (await loadPrincipal(items().db, (await items().read(SYSTEM, hiddenIds[0]!))._c.$id!))!;
    const h = await items().read(SYSTEM, hiddenIds[1]!);
    await items().update(manager, { $id: hiddenIds[1]!, $version: h.$version, description: 'visited' });
    await server.app.idle();
    expect(JSON.stringify(member.pushes)).not.toContain(hiddenIds[1]!);
    await member.close();
  });
});
