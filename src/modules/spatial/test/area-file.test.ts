import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { signIn } from '../../../../test/helpers/ws-client';
import { AREA_FILE_PATH } from '../server/area/area-file-route';
import { cutPart, geopackage, kml, kmz, PLACES, square } from './io-fixtures';

// A GIS file dropped on the drawing map (issue 37) is read by the GIS import's readers on the
// server and comes back as GeoJSON: a shapefile in a projected system (written by GDAL's
// ogr2ogr, the program a lands office's own GIS would use) reprojected from its .prj, KML and
// KMZ, refusals in words, and only for someone signed in.

let tdb: TestDatabase;
let server: TestServer;
let token: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-area-file-'));

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
  rmSync(dir, { recursive: true, force: true });
});

interface Reply {
  data: {
    type?: 'FeatureCollection';
    features?: { geometry: { type: string; coordinates: number[][][] } }[];
    projections?: string[];
    erred?: true;
    userMessage?: string;
    problem?: { key: string; params?: Record<string, unknown> };
  };
}

async function post(name: string, bytes: Uint8Array, auth = true) {
  const r = await fetch(`${server.url}${AREA_FILE_PATH}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Uint8Array(bytes),
  });
  return { status: r.status, body: (await r.json()) as Reply };
}

const hasOgr = (() => {
  try {
    execFileSync('ogr2ogr', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

// A project area by Fort St. John, in the demo territory.
const AREA = square(-120.85, 56.2, 0.05);

describe(`POST ${AREA_FILE_PATH}`, () => {
  it.skipIf(!hasOgr)(
    'reads a shapefile ogr2ogr wrote in UTM zone 10N back in longitude and latitude',
    async () => {
      const src = path.join(dir, 'area.geojson');
      writeFileSync(
        src,
        JSON.stringify({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: { name: 'Mine site' }, geometry: AREA }],
        }),
      );
      const out = path.join(dir, 'shp');
      execFileSync('ogr2ogr', [
        '-f',
        'ESRI Shapefile',
        '-s_srs',
        'EPSG:4326',
        '-t_srs',
        'EPSG:32610',
        out,
        src,
      ]);
      const parts = Object.fromEntries(
        readdirSync(out).map((f) => [f, new Uint8Array(readFileSync(path.join(out, f)))]),
      );
      // The file really is projected: its .prj names UTM 10N and its coordinates are metres.
      expect(new TextDecoder().decode(parts['area.prj'])).toMatch(/UTM_Zone_10N|UTM zone 10N/i);
      const r = await post('area.zip', zipSync(parts));
      expect(r.status).toBe(200);
      const [f] = r.body.data.features!;
      expect(f!.geometry.type).toBe('Polygon');
      const ring = f!.geometry.coordinates[0]!;
      const want = (AREA as { coordinates: number[][][] }).coordinates[0]!;
      // Each corner back where it was drawn, to about a metre (a 1e-5 degree).
      for (const corner of want)
        expect(ring.some((p) => Math.hypot(p[0]! - corner[0]!, p[1]! - corner[1]!) < 1e-5)).toBe(true);
      // The system it was read from, named for the person (issue 38).
      expect(r.body.data.projections).toEqual([expect.stringMatching(/UTM zone 10N/i)]);

      // The same zip with its .prj left out: metres cannot be placed, and the message says why.
      const { ['area.prj']: _prj, ...noPrj } = parts;
      const lost = await post('area.zip', zipSync(noPrj));
      expect(lost.status).toBe(400);
      expect(lost.body.data.problem).toEqual({
        key: 'spatial.draw.problems.noProjection',
        params: { part: 'area.prj' },
      });
    },
  );

  it('reads KML, KMZ and GeoPackage', async () => {
    for (const [name, bytes] of [
      ['places.kml', kml(PLACES)],
      ['places.kmz', kmz(PLACES)],
      ['places.gpkg', await geopackage(PLACES)],
    ] as const) {
      const r = await post(name, bytes);
      expect(r.status, name).toBe(200);
      expect(r.body.data.features!.map((f) => f.geometry.type).sort(), name).toEqual([
        'LineString',
        'Point',
        'Polygon',
      ]);
      // Longitude and latitude already: nothing to tell.
      expect(r.body.data.projections, name).toEqual([]);
    }
  });

  it('names what is wrong with a file, in the GIS import words', async () => {
    const broken = await post('roads.zip', new TextEncoder().encode('not a zip'));
    expect(broken.status).toBe(400);
    expect(broken.body.data).toMatchObject({ erred: true, userMessage: 'invalidInput' });
    expect(broken.body.data.problem).toMatchObject({
      key: 'errors.spatialIo.badZipWhole',
      params: { file: 'roads.zip' },
    });
    const kind = await post('notes.docx', new Uint8Array([1, 2, 3]));
    expect(kind.body.data.problem).toEqual({ key: 'spatial.draw.problems.fileType' });
    // A shapefile without its .dbf.
    const parts = zipSync({ 'a.shp': new Uint8Array(100) });
    const noDbf = await post('a.zip', cutPart(parts, /\.shp$/, 50));
    expect(noDbf.status).toBe(400);
    expect(noDbf.body.data.problem!.key).toMatch(/^errors\.spatialIo\./);
  });

  it('is refused to someone not signed in', async () => {
    const r = await post('places.kml', kml(PLACES), false);
    expect(r.status).toBe(401);
    expect(r.body.data.features).toBeUndefined();
  });
});
