import { get as httpGet } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { signIn } from '../../../../test/helpers/ws-client';
import { BASEMAP_TILES_PATH } from '../server/basemap/tile-route';
import { BASEMAP_MAX_ZOOM, validTile } from '../server/basemap/tiles';

// The basemap shipped with the app (issue 37, "A map that works everywhere, offline"): vector
// tiles cut from the kept packages (Natural Earth land and borders, GeoNames places), to someone
// signed in only, gzipped, with an ETag that a revisit meets with a 304.

let tdb: TestDatabase;
let server: TestServer;
let token: string;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, {});
  const org = await makeOrg(server.app.services.items, 'Riverbend First Nation');
  const u = await makeUser(server.app.services.items, [[org, 'member']]);
  token = await signIn(server.url, u.email, PASSWORD);
});

afterAll(async () => {
  await server?.close();
  await tdb?.close();
});

/** The tile holding a point at a zoom (the slippy-map scheme MapLibre asks by). */
function tileOf(lon: number, lat: number, z: number): [number, number, number] {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return [z, x, y];
}

const get = ([z, x, y]: [number, number, number], headers: Record<string, string> = {}, auth = true) =>
  fetch(`${server.url}${BASEMAP_TILES_PATH}/${z}/${x}/${y}.pbf`, {
    headers: { 'accept-encoding': 'gzip', ...(auth ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

/** The bytes on the wire (fetch would inflate them) and the reply's encoding. */
function wire([z, x, y]: [number, number, number]) {
  return new Promise<{ body: Buffer; encoding: string | undefined }>((ok, fail) => {
    const url = `${server.url}${BASEMAP_TILES_PATH}/${z}/${x}/${y}.pbf`;
    httpGet(url, { headers: { 'accept-encoding': 'gzip', authorization: `Bearer ${token}` } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => ok({ body: Buffer.concat(parts), encoding: res.headers['content-encoding'] }));
    }).on('error', fail);
  });
}

function layers(pbf: Uint8Array) {
  const vt = new VectorTile(new PbfReader(pbf));
  const names = (l: string) => {
    const layer = vt.layers[l];
    return layer
      ? Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.name))
      : [];
  };
  return { vt, names };
}

// Fort St. John, in the demo community's territory (docs/spatial-map.md "Demo").
const TERRITORY: [number, number] = [-120.85, 56.25];

describe(`GET ${BASEMAP_TILES_PATH}/{z}/{x}/{y}.pbf`, () => {
  it('gives a territory its land and its towns by name at the zooms a territory is drawn at', async () => {
    const r = await get(tileOf(...TERRITORY, 8));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect(r.headers.get('cache-control')).toBe('private, max-age=86400');
    // fetch inflates the gzip the server sent.
    const { vt, names } = layers(new Uint8Array(await r.arrayBuffer()));
    expect(vt.layers.land!.length).toBeGreaterThan(0);
    expect(names('places')).toContain('Fort St. John');
    // A world view names cities, not towns: Fort St. John (about 20,000 people) is left out.
    const world = layers(new Uint8Array(await (await get(tileOf(...TERRITORY, 2))).arrayBuffer()));
    expect(world.names('places')).not.toContain('Fort St. John');
    expect(world.names('places')).toContain('Mexico City');
    expect(world.vt.layers.borders!.length).toBeGreaterThan(0);
  });

  it('sends the tile gzipped, with an ETag a revisit meets with 304', async () => {
    const t = tileOf(...TERRITORY, 6);
    const raw = await wire(t);
    expect(raw.encoding).toBe('gzip');
    expect(layers(gunzipSync(raw.body)).vt.layers.land!.length).toBeGreaterThan(0);
    const res = await get(t);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(t, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // Another tile, another tag.
    const other = await get(tileOf(...TERRITORY, 7));
    expect(other.headers.get('etag')).not.toBe(etag);
    // Without gzip asked for, the tile itself.
    const plain = await get(t, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(layers(new Uint8Array(await plain.arrayBuffer())).vt.layers.land!.length).toBeGreaterThan(0);
  });

  it('is refused to someone not signed in, and with a bad token', async () => {
    const t = tileOf(...TERRITORY, 5);
    expect((await get(t, {}, false)).status).toBe(401);
    expect((await get(t, { authorization: 'Bearer nonsense' }, false)).status).toBe(401);
  });

  it('draws no band of land across the world where coasts cross the antimeridian', async () => {
    // world-atlas stitches Chukotka's and Antarctica's outlines across ±180° for spherical
    // drawing; flat, that jump was land across every longitude near 70°N. The Beaufort Sea north
    // of Alaska and the North Atlantic south of Iceland are open water.
    for (const [lon, lat] of [
      [-145, 74],
      [-30, 60],
    ] as const) {
      const r = await get(tileOf(lon, lat, 5));
      const { vt } = layers(new Uint8Array(await r.arrayBuffer()));
      expect(vt.layers.land?.length ?? 0, `${lon},${lat}`).toBe(0);
    }
    // Antarctica is still land, closed along the pole.
    const south = layers(new Uint8Array(await (await get(tileOf(0, -80, 3))).arrayBuffer()));
    expect(south.vt.layers.land!.length).toBeGreaterThan(0);
  });

  it('has no tile past its deepest zoom or off the grid', async () => {
    expect(validTile(BASEMAP_MAX_ZOOM + 1, 0, 0)).toBe(false);
    expect(validTile(2, 4, 0)).toBe(false);
    expect(validTile(2, 3, 3)).toBe(true);
    expect((await get([BASEMAP_MAX_ZOOM + 1, 0, 0])).status).toBe(404);
    expect((await get([1, 2, 0])).status).toBe(404);
    const r = await fetch(`${server.url}${BASEMAP_TILES_PATH}/1/0/x.pbf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(404);
  });
});
