import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geometry } from '../../../kernel/geometry';
import { SYSTEM } from '../../../server/access/principal';
import { shortFieldNames } from '../../../server/module-api';
import { square } from './io-fixtures';
import { madeBy, makeImport, exportAs, openIoEnv, runImport, type IoEnv } from './io-harness';

// A round trip of each format (issue 15 "Export"): the features of a layer exported by the
// lands officer, the file imported again into another layer, keeps every geometry and every
// attribute (KML carries values as text; a shapefile's 10-character names come back whole
// through its fields.txt).

let env: IoEnv;

const SOURCE: { label: string; geometry: Geometry; attributes: Record<string, unknown> }[] = [
  {
    label: 'Berry patch',
    geometry: { type: 'Point', coordinates: [-101.25, 53.5] },
    attributes: {
      season: 'summer',
      visits: 12,
      harvest_description: 'saskatoons',
      harvest_descriptor: 'wild',
    },
  },
  {
    label: 'Trap line 4',
    geometry: {
      type: 'LineString',
      coordinates: [
        [-101.3, 53.4],
        [-101.28, 53.42],
        [-101.25, 53.43],
      ],
    },
    attributes: { season: 'winter', visits: 3, harvest_description: 'marten', harvest_descriptor: 'line' },
  },
  {
    label: 'Camp',
    geometry: square(-101.2, 53.45),
    attributes: { season: 'fall', visits: 7, harvest_description: 'moose', harvest_descriptor: 'camp' },
  },
  {
    label: 'Two lakes',
    geometry: {
      type: 'MultiPolygon',
      coordinates: [square(-101.1, 53.3).coordinates, square(-101.0, 53.3).coordinates] as never,
    },
    attributes: { season: 'spring', visits: 1, harvest_description: 'fish', harvest_descriptor: 'net' },
  },
];

beforeAll(async () => {
  env = await openIoEnv();
  for (const f of SOURCE)
    await env.server.app.services.items.create(
      SYSTEM,
      'SpatialFeature',
      { ...f, collection: env.layer, state: 'ACTIVE' },
      { owner: env.community, access: 'COMMUNITY' },
    );
}, 60_000);
afterAll(async () => {
  await env?.close();
});

async function newLayer(label: string) {
  return (
    await env.server.app.services.items.create(
      SYSTEM,
      'SpatialCollection',
      { label, state: 'ACTIVE' },
      { owner: env.community, access: 'COMMUNITY' },
    )
  ).$id;
}

/** Rings compared as sets of positions from their lowest one: a writer may turn them round. */
function normal(g: Geometry): unknown {
  const ring = (r: number[][]) => {
    const open = r.slice(0, -1).map((p) => p.map((v) => Math.round(v * 1e9) / 1e9));
    const i = open.reduce(
      (best, p, n) =>
        p[0]! < open[best]![0]! || (p[0] === open[best]![0] && p[1]! < open[best]![1]!) ? n : best,
      0,
    );
    const turned = [...open.slice(i), ...open.slice(0, i)];
    const back = [turned[0]!, ...turned.slice(1).reverse()];
    return JSON.stringify(turned) < JSON.stringify(back) ? turned : back;
  };
  const c = g.coordinates as never;
  switch (g.type) {
    case 'Polygon':
      return { type: g.type, rings: (c as number[][][]).map(ring) };
    case 'MultiPolygon':
      return { type: g.type, polygons: (c as number[][][][]).map((p) => p.map(ring)) };
    default:
      return {
        type: g.type,
        coordinates: JSON.parse(
          JSON.stringify(c, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v)),
        ),
      };
  }
}

const FILES: Record<string, [kind: string, name: string]> = {
  GEOJSON: ['GEOJSON', 'back.geojson'],
  KML: ['KML', 'back.kml'],
  SHAPEFILE: ['SHAPEFILE', 'back.zip'],
  GEOPACKAGE: ['GEOPACKAGE', 'back.gpkg'],
};

describe('round trip', () => {
  for (const format of Object.keys(FILES)) {
    it(`${format}: export then import keeps geometry and attributes`, async () => {
      const bytes = await exportAs(env, env.editor, format);
      const target = await newLayer(`Back from ${format}`);
      const [kind, name] = FILES[format]!;
      const imp = await makeImport(env, env.editor, kind, name, bytes);
      const { done } = await runImport(env, env.editor, { import: imp, collection: target });
      expect(done.errorKey).toBeUndefined();
      const { features } = await madeBy(env, imp);
      expect(features.map((f) => f.label).sort()).toEqual(SOURCE.map((f) => f.label).sort());
      for (const src of SOURCE) {
        const back = features.find((f) => f.label === src.label)!;
        expect(back.collection).toBe(target);
        expect(normal(back.geometry as Geometry)).toEqual(normal(src.geometry));
        const attrs = back.attributes as Record<string, unknown>;
        for (const [k, v] of Object.entries(src.attributes))
          expect(attrs[k], `${format} ${src.label} ${k}`).toEqual(format === 'KML' ? String(v) : v);
        expect(attrs.name).toBe(src.label);
      }
    });
  }

  it('shapefile field names: 10 characters, unique after truncation', () => {
    const names = shortFieldNames([
      'harvest_description',
      'harvest_descriptor',
      'name',
      'a b',
      'harvest_desc_x',
    ]);
    expect([...names.values()]).toEqual(['harvest_de', 'harvest__2', 'name', 'a_b', 'harvest__3']);
    expect([...names.values()].every((n) => n.length <= 10)).toBe(true);
  });
});
