import { area, distance, length, point } from '@turf/turf';
import type { Geometry, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { measure, projectArea } from '../server/overlay/geometry';

// The overlay's measures against known answers (docs/spatial-overlay.md "How it measures").

const square = (x: number, y: number, d: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
});
const line = (...c: Position[]): Geometry => ({ type: 'LineString', coordinates: c });
const near = (got: number | null | undefined, want: number, tol: number) => {
  expect(got).not.toBeNull();
  expect(Math.abs((got as number) - want) / want).toBeLessThan(tol);
};

describe('the overlay measures', () => {
  const project = projectArea([square(-120.8, 56.2, 0.02)], 2000);

  it('measures the overlap of a polygon as the area of the shared part', () => {
    // A square whose lower-left quarter lies inside the project.
    const m = measure(project, square(-120.79, 56.21, 0.02));
    expect(m?.intersects).toBe(true);
    expect(m?.shape).toBe('polygon');
    near(m?.overlapM2, area(square(-120.79, 56.21, 0.01) as never), 0.01);
    expect(m?.distanceM).toBe(0);
  });

  it('measures a line by the length inside the project', () => {
    const m = measure(project, line([-120.81, 56.21], [-120.77, 56.21]));
    expect(m?.shape).toBe('line');
    near(m?.overlapM, length(line([-120.8, 56.21], [-120.78, 56.21]) as never, { units: 'meters' }), 0.01);
  });

  it('gives the distance to a place within the buffer that does not touch the project', () => {
    const m = measure(project, { type: 'Point', coordinates: [-120.8, 56.23] });
    expect(m?.intersects).toBe(false);
    expect(m?.shape).toBe('point');
    // 0.01° of latitude north of the project's top edge.
    near(m?.distanceM, distance(point([-120.8, 56.22]), point([-120.8, 56.23]), { units: 'meters' }), 0.005);
    const east = measure(project, square(-120.77, 56.205, 0.005));
    near(
      east?.distanceM,
      distance(point([-120.78, 56.21]), point([-120.77, 56.21]), { units: 'meters' }),
      0.005,
    );
  });

  it('meets a place that holds the whole project, or lies wholly inside it', () => {
    const around = measure(project, square(-120.85, 56.15, 0.1));
    expect(around?.intersects).toBe(true);
    near(around?.overlapM2, area(square(-120.8, 56.2, 0.02) as never), 0.01);
    const inside = measure(project, square(-120.795, 56.205, 0.002));
    expect(inside?.intersects).toBe(true);
    near(inside?.overlapM2, area(square(-120.795, 56.205, 0.002) as never), 0.01);
  });

  it('leaves out what is beyond the buffer', () => {
    // 0.05° of latitude is about 5.5 km: beyond the 2 km buffer.
    expect(measure(project, { type: 'Point', coordinates: [-120.8, 56.27] })).toBeNull();
    expect(
      measure(projectArea([square(-120.8, 56.2, 0.02)], 6000), {
        type: 'Point',
        coordinates: [-120.8, 56.27],
      }),
    ).not.toBeNull();
  });

  it('takes a line project, and a buffer of zero', () => {
    const corridor = projectArea([line([-120.9, 56.2], [-120.6, 56.2])], 0);
    const crossing = measure(corridor, line([-120.7, 56.19], [-120.7, 56.21]));
    expect(crossing?.intersects).toBe(true);
    expect(measure(corridor, { type: 'Point', coordinates: [-120.7, 56.25] })).toBeNull();
  });

  it('does not throw on precision edge cases', () => {
    const edge = projectArea([square(-120.8, 56.2, 0.02)], 100);
    const cases: Geometry[] = [
      // Sharing an edge exactly, a sliver, a spike, repeated vertices, a multipolygon.
      square(-120.78, 56.2, 0.02),
      square(-120.8, 56.2, 0.0000001),
      {
        type: 'Polygon',
        coordinates: [
          [
            [-120.79, 56.21],
            [-120.7, 56.2100001],
            [-120.79, 56.2100002],
            [-120.79, 56.21],
          ],
        ],
      },
      line([-120.79, 56.21], [-120.79, 56.21], [-120.78, 56.21]),
      {
        type: 'MultiPolygon',
        coordinates: [
          (square(-120.8, 56.2, 0.005) as { coordinates: Position[][] }).coordinates,
          (square(-120.79, 56.19, 0.005) as { coordinates: Position[][] }).coordinates,
        ],
      },
      { type: 'Point', coordinates: [-120.8, 56.2] },
    ];
    for (const g of cases) expect(() => measure(edge, g)).not.toThrow();
    expect(measure(edge, square(-120.78, 56.2, 0.02))?.intersects).toBe(true);
    expect(measure(edge, cases[4]!)?.shape).toBe('polygon');
  });

  it('refuses an empty project area', () => {
    expect(() => projectArea([], 100)).toThrow();
  });
});
