import { describe, expect, it } from 'vitest';
import {
  appendPage,
  branchQuery,
  featuresBox,
  inView,
  LoaderRegistry,
  MapLoaderError,
  MARKER_MAX,
  MARKER_MIN,
  markerRadius,
  toGeoJSON,
  TREE_PAGE,
  typeColour,
  type TreeNode,
} from '../client/map/map-model';
import type { MapFeature } from '../contract-map';

const node = (id: string, type = 'SpatialFeature'): TreeNode => ({ id, type, label: id, branch: false });
const pt = (x: number, y: number) => ({ type: 'Point', coordinates: [x, y] });

describe('marker sizes (spec §9)', () => {
  it('grow with the accuracy in metres, clamped, with a default for none', () => {
    expect(markerRadius(undefined)).toBe(MARKER_MIN + 1);
    expect(markerRadius(0)).toBe(MARKER_MIN + 1);
    expect(markerRadius(-5)).toBe(MARKER_MIN + 1);
    expect(markerRadius(Number.NaN)).toBe(MARKER_MIN + 1);
    const sizes = [1, 10, 50, 200, 1000].map(markerRadius);
    for (let n = 1; n < sizes.length; n++) expect(sizes[n]!).toBeGreaterThan(sizes[n - 1]!);
    expect(markerRadius(1e9)).toBe(MARKER_MAX);
    expect(markerRadius(0.001)).toBe(MARKER_MIN);
  });
});

describe('colours', () => {
  it('are stable per spatial type and differ between the demo types', () => {
    expect(typeColour('BURIAL')).toBe(typeColour('BURIAL'));
    expect(typeColour('SOMETHING_ELSE')).toBe(typeColour('SOMETHING_ELSE'));
    const demo = ['TRADITIONAL_USE', 'TRAPLINE', 'HARVESTING', 'BURIAL', 'SACRED', 'CABIN', 'WATER'];
    expect(new Set(demo.map(typeColour)).size).toBe(demo.length);
    expect(typeColour(null)).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('the layer tree', () => {
  it('pages 25 children per branch and offers more while some are left', () => {
    const page = (from: number, n: number, total: number) => ({
      nodes: Array.from({ length: n }, (_, i) => node(`F-${from + i}`)),
      total,
    });
    const first = appendPage([], page(0, TREE_PAGE, 30));
    expect(first.nodes).toHaveLength(25);
    expect(first.more).toBe(true);
    const second = appendPage(first.nodes, page(25, 5, 30));
    expect(second.nodes).toHaveLength(30);
    expect(second.more).toBe(false);
    // A page that repeats a node (an item added meanwhile shifted the offsets) shows it once.
    expect(appendPage(second.nodes, page(29, 1, 30)).nodes).toHaveLength(30);
    expect(branchQuery(node('SpatialCollection-4', 'SpatialCollection'), 25)).toMatchObject({
      must: { collection: ['SpatialCollection-4'] },
      max: 25,
      offset: 25,
    });
    expect(branchQuery(node('root', 'root'), 0).must).toEqual({
      _t: ['SpatialCollection'],
      state: ['ACTIVE'],
    });
  });

  it('loads children by node type; a type with no loader throws the spec’s error', async () => {
    const loaders = new LoaderRegistry().register('root', async () => ({ nodes: [node('L-1')], total: 1 }));
    expect((await loaders.load(node('root', 'root'))).total).toBe(1);
    expect(() => loaders.load(node('X-1', 'Mystery'))).toThrow(MapLoaderError);
    expect(() => loaders.load(node('X-1', 'Mystery'))).toThrow(/no child loader for Mystery/);
    expect(() => loaders.register('root', async () => ({ nodes: [], total: 0 }))).toThrow(/already/);
  });
});

describe('features for MapLibre', () => {
  const features = new Map<string, MapFeature>([
    [
      'SpatialFeature-1',
      {
        t: 'SpatialFeature',
        label: 'A',
        spatialType: 'CABIN',
        geometry: pt(-120, 56),
        accuracy: 100,
        collection: 'C-1',
      },
    ],
    [
      'SpatialFeature-2',
      { t: 'SpatialFeature', label: 'B', spatialType: null, geometry: pt(-121, 57), collection: 'C-2' },
    ],
  ]);

  it('leave out hidden layers and carry id, colour and radius', () => {
    const all = toGeoJSON(features, new Set());
    expect(all.features).toHaveLength(2);
    expect(all.features[0]!.properties).toMatchObject({ id: 'SpatialFeature-1', r: markerRadius(100) });
    expect(toGeoJSON(features, new Set(['C-2'])).features.map((f) => f.properties.id)).toEqual([
      'SpatialFeature-1',
    ]);
  });

  it('know their box and whether they are in view', () => {
    expect(featuresBox(features.values())).toEqual([-121, 56, -120, 57]);
    expect(inView(features.get('SpatialFeature-1')!, [-120.5, 55.5, -119.5, 56.5])).toBe(true);
    expect(inView(features.get('SpatialFeature-2')!, [-120.5, 55.5, -119.5, 56.5])).toBe(false);
  });
});
