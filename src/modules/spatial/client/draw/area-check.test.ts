import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../../../kernel/geometry';
import { areaWarnings, DEFAULT_AREA_WARN_KM2, type BBox } from './area-check';

// The drawing map's warnings on an implausible area (issue 37): larger than the site's threshold,
// outside the site's bounds, or far from the community's own places. Warnings only.

const CANADA: BBox = [-141, 48, -53, 70];
const TERRITORY: BBox = [-121.2, 55.9, -120.4, 56.5];
const o = { bounds: CANADA, territory: TERRITORY, maxKm2: DEFAULT_AREA_WARN_KM2 };

const box = (w: number, s: number, e: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ],
});

describe('areaWarnings', () => {
  it('says nothing of a project area of a few km² in the territory', () => {
    expect(areaWarnings(box(-120.9, 56.1, -120.8, 56.15), o)).toEqual([]);
  });

  it('warns on an area larger than the threshold, with its size and the threshold', () => {
    // The polygon: most of western Canada, about 1.6 million km².
    const [w] = areaWarnings(box(-130, 50, -110, 62), o);
    expect(w).toMatchObject({ key: 'tooLarge', max: 10_000 });
    expect((w as { km2: number }).km2).toBeGreaterThan(1_000_000);
    // The site's own threshold: a 10 km square (about 100 km²) is too large for 50 km², not for 1,000.
    const square = box(-120.9, 56.1, -120.74, 56.19);
    expect(areaWarnings(square, { ...o, maxKm2: 50 }).map((x) => x.key)).toEqual(['tooLarge']);
    expect(areaWarnings(square, { ...o, maxKm2: 1000 })).toEqual([]);
  });

  it('warns on a shape outside the site bounds, and far from the territory', () => {
    expect(areaWarnings(box(2.3, 48.8, 2.4, 48.9), o).map((x) => x.key)).toEqual(['outsideBounds']);
    // In Canada but in Quebec, a continent away from the territory.
    expect(
      areaWarnings(box(-73.6, 45.5, -73.5, 45.6), { ...o, bounds: [-141, 40, -53, 70] }).map((x) => x.key),
    ).toEqual(['outsideTerritory']);
    // Beside the territory (a pipeline's end just past its places) is no warning.
    expect(areaWarnings(box(-120.3, 56.0, -120.2, 56.1), o)).toEqual([]);
    // With no places to judge by, only the bounds.
    expect(areaWarnings(box(-73.6, 48.5, -73.5, 48.6), { ...o, territory: null })).toEqual([]);
  });

  it('never measures a line or a point as an area', () => {
    const long: Geometry = {
      type: 'LineString',
      coordinates: [
        [-125, 55],
        [-115, 57],
      ],
    };
    expect(areaWarnings(long, o).map((x) => x.key)).not.toContain('tooLarge');
    expect(areaWarnings({ type: 'Point', coordinates: [-120.8, 56.2] }, o)).toEqual([]);
  });
});
