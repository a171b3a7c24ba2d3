import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { spatialDrawEn } from '../../i18n/en-draw';
import {
  joinGeometries,
  measure,
  problemKey,
  readGeometryText,
  summaryText,
  viewBox,
  type ReadResult,
} from './geometry-model';
import { featuresOf, shapesOf } from './draw-setup';
import { fileKind, fromFileGeoJson } from './read-file';
import type { Geometry } from '../../../../kernel/geometry';
import type { GeoJSONStoreFeatures } from 'terra-draw';

const square: Geometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-123, 49],
      [-122.99, 49],
      [-122.99, 49.01],
      [-123, 49.01],
      [-123, 49],
    ],
  ],
};
const line: Geometry = {
  type: 'LineString',
  coordinates: [
    [-123, 49],
    [-123, 49.01],
    [-123, 49.03],
  ],
};
const fc = (...gs: unknown[]) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: gs.map((g) => ({ type: 'Feature', properties: {}, geometry: g })),
  });
const problem = (r: ReadResult) => (r.ok ? null : r.problem);

let t: (k: string, o?: Record<string, unknown>) => string;
beforeAll(async () => {
  const i = i18next.createInstance();
  await i.init({ lng: 'en', resources: { en: { translation: spatialDrawEn } } });
  t = (k, o) => i.t(k, o);
});

describe('reading pasted GeoJSON', () => {
  it('takes a geometry, a Feature, or a collection of one feature', () => {
    expect(readGeometryText(JSON.stringify(square))).toEqual({ ok: true, geometry: square });
    expect(readGeometryText(JSON.stringify({ type: 'Feature', properties: null, geometry: line }))).toEqual({
      ok: true,
      geometry: line,
    });
    expect(readGeometryText(fc(square))).toEqual({ ok: true, geometry: square });
  });

  it('joins several features of one kind into the Multi form', () => {
    const r = readGeometryText(fc(square, { type: 'MultiPolygon', coordinates: [square.coordinates] }));
    expect(r.ok && r.geometry.type).toBe('MultiPolygon');
    expect(r.ok && (r.geometry.coordinates as unknown[]).length).toBe(2);
    const pts = readGeometryText(
      fc({ type: 'Point', coordinates: [1, 2] }, { type: 'Point', coordinates: [3, 4] }),
    );
    expect(pts).toEqual({
      ok: true,
      geometry: {
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    });
  });

  it('names what is wrong, with the server’s keys for the shape’s own problems', () => {
    expect(problem(readGeometryText('{"type": "Polygon",'))).toBe('notJson');
    expect(problem(readGeometryText('{"hello": 1}'))).toBe('notGeoJson');
    expect(problem(readGeometryText(fc()))).toBe('empty');
    expect(problem(readGeometryText(fc(square, line)))).toBe('mixed');
    const open = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    };
    expect(problem(readGeometryText(JSON.stringify(open)))).toBe('ring');
    expect(problem(readGeometryText(JSON.stringify({ type: 'Point', coordinates: [200, 0] })))).toBe('range');
    expect(problem(readGeometryText(JSON.stringify({ type: 'Circle', coordinates: [0, 0] })))).toBe('type');
    expect(problemKey('ring')).toBe('errors.geometry.ring');
    expect(problemKey('mixed')).toBe('spatial.draw.problems.mixed');
  });
});

describe('joining drawn shapes', () => {
  it('keeps one shape as it is and refuses none', () => {
    expect(joinGeometries([line])).toEqual({ ok: true, geometry: line });
    expect(problem(joinGeometries([]))).toBe('empty');
  });
});

describe('the summary in words', () => {
  it('says the kind, the points and the size', () => {
    // ~0.01° × 0.01° at 49° N: 1.11 km × 0.73 km ≈ 81 ha.
    expect(measure(square).size).toBeGreaterThan(800_000);
    expect(measure(square).size).toBeLessThan(820_000);
    expect(summaryText(t, square)).toBe('Area, 4 points, 81 ha');
    expect(summaryText(t, line)).toBe('Line, 3 points, 3.3 km');
    expect(summaryText(t, { type: 'Point', coordinates: [-123, 49] })).toBe('Point');
    expect(
      summaryText(t, {
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toBe('2 points');
    const big = { type: 'MultiPolygon', coordinates: [square.coordinates, square.coordinates] } as Geometry;
    expect(summaryText(t, big)).toBe('2 areas, 8 points, 1.6 km²');
  });
});

describe('the drawing', () => {
  it('gives shapes back without guidance points, and takes a Multi value as parts', () => {
    const feats = featuresOf({ type: 'MultiLineString', coordinates: [line.coordinates, line.coordinates] });
    expect(feats.map((f) => f.properties.mode)).toEqual(['linestring', 'linestring']);
    const guide = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [0, 0] },
      properties: { mode: 'select', selectionPoint: true },
    };
    const drawing = { ...feats[0]!, properties: { mode: 'linestring', currentlyDrawing: true } };
    expect(shapesOf([...feats, guide as GeoJSONStoreFeatures, drawing])).toEqual([line, line]);
  });

  it('fits the view to a point with some room around it', () => {
    const [w, s, e, n] = viewBox({ type: 'Point', coordinates: [-100, 50] });
    expect(e - w).toBeGreaterThan(0);
    expect(n - s).toBeGreaterThan(0);
  });

  it('knows the files it reads', () => {
    expect(fileKind('area.GeoJSON')).toBe('geojson');
    expect(fileKind('track.gpx')).toBe('gpx');
    expect(fileKind('sites.shp')).toBeNull();
    expect(fileKind('sites.zip')).toBe('server');
    expect(fileKind('area.KMZ')).toBe('server');
    expect(fileKind('layers.gpkg')).toBe('server');
  });
});

describe('a file of shapes', () => {
  it('gives the areas of a file that holds a pin beside its boundary, and says mixed otherwise', () => {
    const pin = { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [-120.8, 56.2] } };
    const line = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [-120.8, 56.2],
          [-120.7, 56.3],
        ],
      },
    };
    const area = { type: 'Feature', properties: {}, geometry: square };
    const r = fromFileGeoJson({ type: 'FeatureCollection', features: [pin, area] });
    expect(r).toEqual({ ok: true, geometry: square });
    expect(fromFileGeoJson({ type: 'FeatureCollection', features: [pin, line] })).toEqual({
      ok: false,
      problem: 'mixed',
    });
  });
});
