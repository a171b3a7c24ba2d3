import { describe, expect, it } from 'vitest';
import { defineItemType } from '../../../kernel/item-type';
import { CSV_GEOMETRY_PARTS, CSV_IMPORTABLE_KINDS, csvTarget } from '../csv-import';
import { autoMapping, csvTargets } from '../client/csv-import/csv-import-model';
import { importableProperties, rowData } from '../server/csv-import/convert';
import { degreesCell, parseWkt, pointOf, shapeCell } from '../server/csv-import/geometry-cells';

// A geometry from a CSV's cells (docs/csv-import.md "Geometry columns"): latitude and longitude
// columns make a Point, one column of WKT or GeoJSON any of the six shapes; every cell that cannot
// be read is a problem under its own column, never a guess.

const Place = defineItemType({
  name: 'CsvPlace',
  label: '{name}',
  properties: {
    name: { kind: 'string' },
    spatial: { kind: 'geometry' },
    hidden: { kind: 'geometry', write: 'system' },
  },
  access: { create: 'admin', defaultLevel: 'PRIVATE' },
});

describe('geometry cells', () => {
  it('reads decimal degrees within range, and refuses the rest', () => {
    expect(degreesCell(' 56.12 ', 90)).toEqual({ value: 56.12 });
    expect(degreesCell('-120,8', 180)).toEqual({ value: -120.8 });
    expect(degreesCell('91', 90)).toEqual({ problem: 'csvImport.problem.latitude' });
    expect(degreesCell('-180.5', 180)).toEqual({ problem: 'csvImport.problem.longitude' });
    expect(degreesCell("56°7'N", 90)).toEqual({ problem: 'csvImport.problem.latitude' });
    expect(degreesCell('1e2', 180)).toEqual({ problem: 'csvImport.problem.longitude' });
  });

  it('makes a point of both cells, x first; half a pair is a problem on the missing one', () => {
    expect(pointOf('56.1', '-120.8')).toEqual({ value: { type: 'Point', coordinates: [-120.8, 56.1] } });
    expect(pointOf('', ' ')).toEqual({ value: undefined });
    expect(pointOf('56.1', '')).toMatchObject({
      problem: 'csvImport.problem.longitudeMissing',
      column: 'lon',
    });
    expect(pointOf('', '-120')).toMatchObject({
      problem: 'csvImport.problem.latitudeMissing',
      column: 'lat',
    });
    expect(pointOf('156', '-120')).toMatchObject({ problem: 'csvImport.problem.latitude', column: 'lat' });
  });

  it('parses WKT of each type, Z included, and nothing that is not WKT', () => {
    expect(parseWkt('POINT (-120.8 56.1)')).toEqual({ type: 'Point', coordinates: [-120.8, 56.1] });
    expect(parseWkt('point z(1 2 3)')).toEqual({ type: 'Point', coordinates: [1, 2, 3] });
    expect(parseWkt('MULTIPOINT (1 2, 3 4)')).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(parseWkt('MULTIPOINT ((1 2), (3 4))')).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(parseWkt('LINESTRING (0 0, 1 1, 2 0)')).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
        [2, 0],
      ],
    });
    expect(parseWkt('POLYGON ((0 0, 1 0, 1 1, 0 0))')).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    expect(parseWkt('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))')).toMatchObject({
      type: 'MultiPolygon',
    });
    for (const bad of [
      'POINT EMPTY',
      'POINT (1)',
      'POINT (1 2',
      'CIRCLE (1 2)',
      'POINT (a b)',
      'POINT (1 2) x',
      '',
    ])
      expect(parseWkt(bad), bad).toBeNull();
  });

  it('reads a shape cell as GeoJSON or WKT, checked with the property rules', () => {
    expect(shapeCell('{"type":"Point","coordinates":[-120,56]}')).toEqual({
      value: { type: 'Point', coordinates: [-120, 56] },
    });
    expect(
      shapeCell('{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}'),
    ).toEqual({
      value: { type: 'Point', coordinates: [1, 2] },
    });
    expect(shapeCell('POINT (200 56)')).toEqual({ problem: 'errors.geometry.range' });
    expect(shapeCell('POLYGON ((0 0, 1 0, 1 1))')).toEqual({ problem: 'errors.geometry.ring' });
    expect(shapeCell('{"type":')).toEqual({ problem: 'csvImport.problem.shape' });
    expect(shapeCell('somewhere up the river')).toEqual({ problem: 'csvImport.problem.shape' });
  });
});

describe('geometry columns in a mapping', () => {
  it('offers a geometry property as its stand-in columns, never a system-written one', () => {
    const targets = importableProperties(Place, false);
    expect(targets).toEqual(['name', 'spatial:latitude', 'spatial:longitude', 'spatial:shape']);
    expect(csvTarget('spatial:latitude')).toEqual({ prop: 'spatial', part: 'latitude' });
    expect(csvTarget('name')).toEqual({ prop: 'name' });
    expect(csvTarget('a:b')).toEqual({ prop: 'a:b' });
  });

  const headers = ['Name', 'Lat', 'Lon', 'WKT'];
  const mapping = { Name: 'name', Lat: 'spatial:latitude', Lon: 'spatial:longitude', WKT: 'spatial:shape' };

  it('makes the row a point, or takes the shape cell when it holds one', () => {
    expect(rowData(Place, headers, ['A', '56.1', '-120.8', ''], mapping, 2)).toEqual({
      data: { name: 'A', spatial: { type: 'Point', coordinates: [-120.8, 56.1] } },
      problems: [],
    });
    expect(rowData(Place, headers, ['B', '', '', 'LINESTRING (0 0, 1 1)'], mapping, 3).data.spatial).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
    expect(rowData(Place, headers, ['C', '', '', ''], mapping, 4)).toEqual({
      data: { name: 'C' },
      problems: [],
    });
  });

  it('names the row and the column of a bad coordinate', () => {
    expect(rowData(Place, headers, ['D', '95', '-120', ''], mapping, 5).problems).toEqual([
      { row: 5, column: 'Lat', key: 'csvImport.problem.latitude' },
    ]);
    expect(rowData(Place, headers, ['E', '56', 'east', ''], mapping, 6).problems).toEqual([
      { row: 6, column: 'Lon', key: 'csvImport.problem.longitude' },
    ]);
    expect(rowData(Place, headers, ['F', '56', '', ''], mapping, 7).problems).toEqual([
      { row: 7, column: 'Lon', key: 'csvImport.problem.longitudeMissing' },
    ]);
    expect(rowData(Place, headers, ['G', '', '', 'POINT (1'], mapping, 8).problems).toEqual([
      { row: 8, column: 'WKT', key: 'csvImport.problem.shape' },
    ]);
  });
});

describe('the dialog’s targets', () => {
  const label = (name: string, part?: string) => (part ? `${name}: ${part}` : name);
  const props = Place.properties;

  it('offers a geometry as its stand-ins, guessed from lat/lng/wkt headers; a preset is left out', () => {
    const targets = csvTargets(props, CSV_IMPORTABLE_KINDS, CSV_GEOMETRY_PARTS, label);
    expect(targets.map((x) => x.name)).toEqual([
      'name',
      'spatial:latitude',
      'spatial:longitude',
      'spatial:shape',
    ]);
    expect(autoMapping(['Lat', 'LNG', 'WKT', 'Name'], targets)).toEqual({
      Lat: 'spatial:latitude',
      LNG: 'spatial:longitude',
      WKT: 'spatial:shape',
      Name: 'name',
    });
    const preset = csvTargets(props, CSV_IMPORTABLE_KINDS, CSV_GEOMETRY_PARTS, label, { name: 'x' });
    expect(preset.map((x) => x.name)).not.toContain('name');
  });
});
