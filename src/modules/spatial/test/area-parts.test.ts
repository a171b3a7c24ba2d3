import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../../kernel/geometry';
import { areaOfParts } from '../client/draw/area-parts';

// The record's area map draws one geometry for an item's parts (client/draw/area-parts.ts).

const square = (x: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 50],
      [x + 0.1, 50],
      [x + 0.1, 50.1],
      [x, 50.1],
      [x, 50],
    ],
  ],
});
const line: Geometry = {
  type: 'LineString',
  coordinates: [
    [-120, 50],
    [-120.1, 50.1],
  ],
};

describe('areaOfParts', () => {
  it('joins parts of one kind, and has nothing to draw without parts', () => {
    expect(areaOfParts([])).toBeNull();
    expect(areaOfParts([square(-120)])?.type).toBe('Polygon');
    expect(areaOfParts([square(-120), square(-121)])?.type).toBe('MultiPolygon');
  });

  it('draws the areas among mixed parts', () => {
    expect(areaOfParts([line, square(-120), square(-121)])?.type).toBe('MultiPolygon');
    expect(areaOfParts([line])?.type).toBe('LineString');
  });
});
