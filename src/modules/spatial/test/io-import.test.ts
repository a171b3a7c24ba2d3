import proj4 from 'proj4';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cutPart,
  geojson,
  geopackage,
  gpx,
  kml,
  kmz,
  type Place,
  PLACES,
  shapefile,
  square,
  UTM10N_PRJ,
  withPrj,
} from './io-fixtures';
import { importOk, madeBy, makeImport, openIoEnv, runImport, type IoEnv } from './io-harness';

// Import of every format (issue 15 "Import"): features in the chosen layer with the source's
// attributes, one GISCollection per layer read, per-feature skip reasons, progress, the .prj's
// reprojection, and a broken file of each kind failing clearly with nothing created.

let env: IoEnv;
beforeAll(async () => {
  env = await openIoEnv();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

const labels = (fs: Record<string, unknown>[]) => fs.map((f) => f.label).sort();
const close = (a: number[], b: number[], eps = 1e-6) => a.every((v, i) => Math.abs(v - b[i]!) < eps);

describe('import', () => {
  it('GeoJSON: features with attributes in the layer, one GISCollection, skips with reasons, progress', async () => {
    const bad: Place[] = [
      { geometry: null, properties: { name: 'No shape' } },
      { geometry: { type: 'Point', coordinates: [200, 95] }, properties: { name: 'Off the earth' } },
      {
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0.5, 0.5],
            ],
          ],
        },
        properties: { name: 'Open ring' },
      },
    ];
    const { imp, done, progress } = await importOk(
      env,
      'GEOJSON',
      'places.geojson',
      geojson([...PLACES, ...bad]),
    );
    expect(done.percentageComplete).toBe(100);
    expect(done.resultURI).toMatch(/import-summary\.json$/);
    expect(progress.length).toBeGreaterThan(0);
    const { features, gis } = await madeBy(env, imp);
    expect(labels(features)).toEqual(['Berry patch', 'Camp', 'Trap line 4']);
    const berry = features.find((f) => f.label === 'Berry patch')!;
    expect(berry).toMatchObject({
      collection: env.layer,
      importedVia: imp,
      state: 'ACTIVE',
      geometry: PLACES[0]!.geometry,
      attributes: { name: 'Berry patch', season: 'summer', visits: 12 },
      $access: 'COMMUNITY',
      owner: env.community,
    });
    expect(gis).toHaveLength(1);
    expect(gis[0]).toMatchObject({
      name: 'places',
      kind: 'GEOJSON',
      source: imp,
      containedAs: env.layer,
      featureCount: 3,
      skipped: [
        { index: 3, reason: 'noGeometry' },
        { index: 4, reason: 'geometry.range' },
        { index: 5, reason: 'geometry.ring' },
      ],
    });
    // The summary file says the same to the person who asked.
    const res = await fetch(`${env.server.url}${done.resultURI}`, {
      headers: { authorization: `Bearer ${env.editor.token}` },
    });
    expect(await res.json()).toMatchObject({
      layers: [{ name: 'places', read: 6, imported: 3, skippedCount: 3 }],
    });
  });

  it('GeoJSON: the level chosen for the features, and a big file streamed in many pieces', async () => {
    const many: Place[] = Array.from({ length: 450 }, (_, i) => ({
      geometry: square(-100 + (i % 30) * 0.02, 50 + Math.floor(i / 30) * 0.02),
      // Long texts with braces and quotes: the scanner must not count brackets inside strings.
      properties: { name: `Site ${i}`, note: `a "quoted" {brace} [bracket] \\ ${'x'.repeat(3000)}` },
    }));
    const { imp } = await importOk(env, 'GEOJSON', 'many.json', geojson(many), 'PROTECTED');
    const { features, gis } = await madeBy(env, imp);
    expect(gis[0]).toMatchObject({ featureCount: 450, skipped: [] });
    expect(features.length).toBe(450);
    expect(features.every((f) => f.$access === 'PROTECTED')).toBe(true);
    expect((features[0]!.attributes as { note: string }).note).toContain('a "quoted" {brace}');
  }, 120_000);

  it('KML: placemarks with ExtendedData; a one-kind MultiGeometry becomes its Multi form', async () => {
    const multi =
      '<Placemark><name>Two camps</name><MultiGeometry><Point><coordinates>-101,53</coordinates></Point><Point><coordinates>-101.1,53.1</coordinates></Point></MultiGeometry></Placemark>';
    const text = new TextDecoder().decode(kml(PLACES)).replace('</Document>', `${multi}</Document>`);
    const { imp } = await importOk(env, 'KML', 'places.kml', strToU8(text));
    const { features, gis } = await madeBy(env, imp);
    expect(labels(features)).toEqual(['Berry patch', 'Camp', 'Trap line 4', 'Two camps']);
    expect(features.find((f) => f.label === 'Camp')).toMatchObject({
      geometry: PLACES[2]!.geometry,
      attributes: { name: 'Camp', season: 'fall', visits: '7' },
    });
    expect(features.find((f) => f.label === 'Two camps')!.geometry).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [-101, 53],
        [-101.1, 53.1],
      ],
    });
    expect(gis[0]).toMatchObject({ kind: 'KML', featureCount: 4 });
  });

  it('KMZ: the zipped doc.kml', async () => {
    const { imp } = await importOk(env, 'KMZ', 'places.kmz', kmz(PLACES));
    const { features } = await madeBy(env, imp);
    expect(labels(features)).toEqual(['Berry patch', 'Camp', 'Trap line 4']);
  });

  it('GPX: waypoints and tracks', async () => {
    const { imp } = await importOk(env, 'GPX', 'walk.gpx', gpx());
    const { features } = await madeBy(env, imp);
    expect(labels(features)).toEqual(['Berry patch', 'Trap line 4']);
    expect(features.find((f) => f.label === 'Trap line 4')!.geometry).toMatchObject({ type: 'LineString' });
    expect(features.find((f) => f.label === 'Berry patch')!.attributes).toMatchObject({ desc: 'summer' });
  });

  it('a zipped shapefile: one GISCollection per .shp, attributes from the .dbf', async () => {
    const { imp } = await importOk(env, 'SHAPEFILE', 'places.zip', shapefile(PLACES));
    const { features, gis } = await madeBy(env, imp);
    expect(labels(features)).toEqual(['Berry patch', 'Camp', 'Trap line 4']);
    expect(gis.map((g) => g.name).sort()).toEqual(['places_lines', 'places_points', 'places_polygons']);
    expect(features.find((f) => f.label === 'Berry patch')).toMatchObject({
      geometry: PLACES[0]!.geometry,
      attributes: { name: 'Berry patch', season: 'summer', visits: 12 },
    });
  });

  it('a zipped shapefile in UTM zone 10N is reprojected to WGS 84 from its .prj', async () => {
    const utm = proj4(UTM10N_PRJ);
    const lonLat: [number, number][] = [
      [-123, 49],
      [-122.5, 49.25],
    ];
    const places: Place[] = lonLat.map((c, i) => ({
      geometry: { type: 'Point', coordinates: utm.forward(c) },
      properties: { name: `UTM ${i}` },
    }));
    // The easting at the zone's central meridian is its false easting: the file really is in UTM.
    expect(places[0]!.geometry!.coordinates).toEqual([500000, expect.closeTo(5427455, -1)]);
    const { imp } = await importOk(
      env,
      'SHAPEFILE',
      'utm.zip',
      withPrj(shapefile(places, 'utm'), UTM10N_PRJ),
    );
    const { features } = await madeBy(env, imp);
    for (const [i, c] of lonLat.entries()) {
      const g = features.find((f) => f.label === `UTM ${i}`)!.geometry as { coordinates: number[] };
      expect(close(g.coordinates, c)).toBe(true);
    }
  });

  it('a GeoPackage: each features table a layer, the geometry after its binary header', async () => {
    const { imp } = await importOk(env, 'GEOPACKAGE', 'places.gpkg', await geopackage(PLACES));
    const { features, gis } = await madeBy(env, imp);
    expect(labels(features)).toEqual(['Berry patch', 'Camp', 'Trap line 4']);
    expect(gis[0]).toMatchObject({ name: 'places', kind: 'GEOPACKAGE', featureCount: 3 });
    expect(features.find((f) => f.label === 'Trap line 4')).toMatchObject({
      geometry: PLACES[1]!.geometry,
      attributes: { name: 'Trap line 4', season: 'winter', visits: 3 },
    });
  });
});

describe('a broken file', () => {
  const goodThenBroken = () => {
    const text = new TextDecoder().decode(geojson(PLACES));
    return strToU8(text.slice(0, text.length - 40)); // cut inside the last feature
  };
  const noDbf = withPrj(shapefile([PLACES[1]!], 'roads'), UTM10N_PRJ, /\.dbf$/);
  const cases: [kind: string, file: string, bytes: () => Uint8Array, key: string, part: string][] = [
    ['GEOJSON', 'cut.geojson', goodThenBroken, 'spatialIo.badJson', 'GeoJSON'],
    [
      'KML',
      'broken.kml',
      () => strToU8('<kml><Document><Placemark><name>x</name>'),
      'spatialIo.badXmlWhole',
      'broken.kml',
    ],
    [
      'KMZ',
      'empty.kmz',
      () => zipSync({ 'readme.txt': strToU8('no kml here') }),
      'spatialIo.partMissing',
      'doc.kml',
    ],
    ['GPX', 'notes.gpx', () => strToU8('<notgpx/>'), 'spatialIo.badXmlWhole', 'notes.gpx'],
    ['SHAPEFILE', 'roads.zip', () => noDbf, 'spatialIo.partMissing', 'roads_lines.dbf'],
    ['SHAPEFILE', 'notzip.zip', () => strToU8('roads, not zipped'), 'spatialIo.badZipWhole', 'notzip.zip'],
    [
      'SHAPEFILE',
      'cutdbf.zip',
      () => cutPart(shapefile([PLACES[1]!], 'c'), /\.dbf$/, 20),
      'spatialIo.badPart',
      'c_lines.dbf',
    ],
    [
      'SHAPEFILE',
      'proj.zip',
      () => withPrj(shapefile([PLACES[1]!], 'p'), 'PROJCS["nonsense'),
      'spatialIo.badProjection',
      'p_lines.prj',
    ],
    [
      'GEOPACKAGE',
      'fake.gpkg',
      () => strToU8('SQLite format 3\0 but not really'.padEnd(200, 'x')),
      'spatialIo.badPart',
      'gpkg_contents',
    ],
  ];
  for (const [kind, file, bytes, key, part] of cases) {
    it(`${kind} ${file}: ${key} naming the file and ${part}, and nothing created`, async () => {
      const imp = await makeImport(env, env.editor, kind, file, bytes());
      const { done } = await runImport(env, env.editor, { import: imp });
      expect(done).toMatchObject({ errorKey: key, errorParams: { file, part } });
      const { features, gis } = await madeBy(env, imp);
      expect(features).toEqual([]);
      expect(gis).toEqual([]);
    });
  }

  it('an Import with no file is refused before a task exists', async () => {
    const created = await env.editor.client.call<{ $id: string }>('create/Import', {
      label: 'empty',
      kind: 'GEOJSON',
      owner: env.community,
    });
    const f = await env.editor.client.request('act/importFeatures/async', {
      import: created.$id,
      collection: env.layer,
    });
    expect(f.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
  });
});
