import { describe, expect, it } from 'vitest';
import {
  bboxOf,
  boundsHash,
  BoundsError,
  checkBounds,
  checkGeometry,
  GEOMETRY_MAX_VERTICES,
  parseBBoxValue,
  type Geometry,
} from './geometry';
import { buildValidator, toFieldErrors } from './validator';
import { defineItemType } from './item-type';

const square = [
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
    [0, 0],
  ],
];

describe('checkGeometry', () => {
  it('accepts the six GeoJSON geometry types', () => {
    expect(checkGeometry({ type: 'Point', coordinates: [-120.5, 55.1] })).toBeNull();
    expect(checkGeometry({ type: 'Point', coordinates: [-120.5, 55.1, 300] })).toBeNull();
    expect(
      checkGeometry({
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toBeNull();
    expect(
      checkGeometry({
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      }),
    ).toBeNull();
    expect(
      checkGeometry({
        type: 'MultiLineString',
        coordinates: [
          [
            [1, 2],
            [3, 4],
          ],
        ],
      }),
    ).toBeNull();
    expect(checkGeometry({ type: 'Polygon', coordinates: square })).toBeNull();
    expect(checkGeometry({ type: 'MultiPolygon', coordinates: [square, square] })).toBeNull();
  });

  it('names the problem: shape, range, ring, size', () => {
    expect(checkGeometry(null)).toBe('type');
    expect(checkGeometry({ type: 'GeometryCollection', geometries: [] })).toBe('type');
    expect(checkGeometry({ type: 'Point', coordinates: [1] })).toBe('type');
    expect(checkGeometry({ type: 'Point', coordinates: ['1', 2] })).toBe('type');
    expect(checkGeometry({ type: 'LineString', coordinates: [[1, 2]] })).toBe('type');
    expect(checkGeometry({ type: 'Polygon', coordinates: [[1, 2]] })).toBe('type');
    expect(checkGeometry({ type: 'Point', coordinates: [181, 0] })).toBe('range');
    expect(checkGeometry({ type: 'Point', coordinates: [0, -90.5] })).toBe('range');
    expect(checkGeometry({ type: 'Polygon', coordinates: [square[0]!.slice(0, 4)] })).toBe('ring');
    expect(
      checkGeometry({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      }),
    ).toBe('ring');
    const many = Array.from({ length: GEOMETRY_MAX_VERTICES + 1 }, (_, i) => [i / 1e5, 0]);
    expect(checkGeometry({ type: 'LineString', coordinates: many })).toBe('vertices');
  });

  it('gives the bounding box', () => {
    expect(
      bboxOf({
        type: 'MultiPolygon',
        coordinates: [
          square,
          [
            [
              [5, 5],
              [6, 5],
              [6, -2],
              [5, 5],
            ],
          ],
        ],
      } as Geometry),
    ).toEqual([0, -2, 6, 5]);
  });
});

describe('the geometry kind in the validator', () => {
  const T = defineItemType({
    name: 'GeoThing',
    properties: { area: { kind: 'geometry' } },
    access: { create: 'signedIn', defaultLevel: 'PROTECTED' },
  });
  const errors = (data: unknown) => {
    const r = buildValidator(T, { admin: false }).safeParse(data);
    return r.success ? [] : toFieldErrors(r.error);
  };

  it('refuses a bad shape with a key naming the field', () => {
    expect(errors({ area: { type: 'Polygon', coordinates: square } })).toEqual([]);
    expect(errors({ area: { type: 'Point', coordinates: [0, 100] } })).toEqual([
      { path: 'area', key: 'errors.geometry.range' },
    ]);
    expect(errors({ area: { type: 'Polygon', coordinates: [square[0]!.slice(0, 4)] } })).toEqual([
      { path: 'area', key: 'errors.geometry.ring' },
    ]);
    const many = Array.from({ length: GEOMETRY_MAX_VERTICES + 1 }, (_, i) => [i / 1e5, 0]);
    expect(errors({ area: { type: 'LineString', coordinates: many } })).toEqual([
      { path: 'area', key: 'errors.geometry.vertices', params: { max: GEOMETRY_MAX_VERTICES } },
    ]);
  });
});

describe('map bounds helpers', () => {
  it('need four numbers', () => {
    expect(checkBounds([-141, 48, -53, 70])).toEqual([-141, 48, -53, 70]);
    for (const bad of [null, [1, 2, 3], [1, 2, 3, '4'], [0, 0, NaN, 1], [10, 0, 5, 1], [-200, 0, 0, 1]])
      expect(() => checkBounds(bad)).toThrow(BoundsError);
  });

  it('hash an even-length array of numbers, and nothing else', () => {
    expect(boundsHash([1, 2, 3.1234567, 4])).toBe('1.000000,2.000000,3.123457,4.000000');
    for (const bad of [[], [1, 2, 3], 'x', [1, '2']]) expect(() => boundsHash(bad)).toThrow(BoundsError);
  });

  it('read a $bbox search value', () => {
    expect(parseBBoxValue('-141,48,-53,70')).toEqual([-141, 48, -53, 70]);
    expect(parseBBoxValue('-141,48,-53')).toBeNull();
    expect(parseBBoxValue('a,b,c,d')).toBeNull();
    expect(parseBBoxValue(',1,2,3')).toBeNull();
  });
});
