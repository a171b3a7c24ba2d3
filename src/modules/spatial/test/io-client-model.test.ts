import { describe, expect, it } from 'vitest';
import { importPhase, kindForFile, skipGroups } from '../client/io/import-model';

// The import dialog's logic: the format a file's name suggests, the skipped places grouped by
// reason and numbered as a person counts, and the phase a task's percentage stands for.

describe('import dialog model', () => {
  it('suggests the format from the extension, GeoJSON when unknown', () => {
    expect(
      ['a.geojson', 'b.JSON', 'c.kml', 'd.kmz', 'e.gpx', 'roads.zip', 'f.gpkg', 'g.txt'].map(kindForFile),
    ).toEqual(['GEOJSON', 'GEOJSON', 'KML', 'KMZ', 'GPX', 'SHAPEFILE', 'GEOPACKAGE', 'GEOJSON']);
  });

  it('groups skipped places by reason, numbered from 1, at most five shown', () => {
    const skipped = [0, 2, 3, 4, 5, 6, 9].map((index) => ({ index, reason: 'noGeometry' }));
    skipped.push({ index: 7, reason: 'geometry.range' });
    const groups = skipGroups({ name: 'x', read: 10, imported: 2, skippedCount: 8, skipped });
    expect(groups).toEqual([
      { reason: 'noGeometry', places: [1, 3, 4, 5, 6], more: 2 },
      { reason: 'geometry.range', places: [8], more: 0 },
    ]);
  });

  it('reads below 50 and writes from 50', () => {
    expect([0, 49.9, 50, 99].map(importPhase)).toEqual(['reading', 'reading', 'writing', 'writing']);
  });
});
