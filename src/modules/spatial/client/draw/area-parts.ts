import type { Geometry } from '../../../../kernel/geometry';
import { joinGeometries } from './geometry-model';

/**
 * One geometry for an item's parts (the record's area map draws one): all of them joined when
 * they are of one kind; else the areas among them, else the lines, else the points. Null: none.
 */
export function areaOfParts(shapes: readonly Geometry[]): Geometry | null {
  if (!shapes.length) return null;
  const all = joinGeometries(shapes);
  if (all.ok) return all.geometry;
  for (const kinds of [
    ['Polygon', 'MultiPolygon'],
    ['LineString', 'MultiLineString'],
    ['Point', 'MultiPoint'],
  ]) {
    const some = shapes.filter((s) => kinds.includes(s.type));
    const joined = some.length ? joinGeometries(some) : null;
    if (joined?.ok) return joined.geometry;
  }
  return null;
}
