import { checkGeometry, type Geometry } from '../../../../kernel/geometry';
import type { Converted } from './convert';

// A geometry from a CSV's cells (docs/csv-import.md "Geometry columns"): a spreadsheet of places
// carries them as a latitude and a longitude column, or one column of WKT (`POINT (-120.8 56.1)`)
// or GeoJSON (`{"type":"Point",…}`). Either way the result is a GeoJSON geometry checked with the
// kernel's rules (checkGeometry), so a cell the property would refuse is the cell's problem, named
// by row and column, not an item-service error after the fact.

/** A decimal degree: `56.12`, `-120.8`, `+56`; no degrees-minutes-seconds (ambiguous in a cell). */
const DEGREES = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** One coordinate cell as degrees within ±`limit`, or its problem key. */
export function degreesCell(raw: string, limit: 90 | 180): Converted {
  const s = raw.trim().replace(',', '.');
  if (!DEGREES.test(s))
    return { problem: limit === 90 ? 'csvImport.problem.latitude' : 'csvImport.problem.longitude' };
  const n = Number(s);
  return Math.abs(n) <= limit
    ? { value: n }
    : { problem: limit === 90 ? 'csvImport.problem.latitude' : 'csvImport.problem.longitude' };
}

const WKT_TYPES: Record<string, Geometry['type']> = {
  POINT: 'Point',
  MULTIPOINT: 'MultiPoint',
  LINESTRING: 'LineString',
  MULTILINESTRING: 'MultiLineString',
  POLYGON: 'Polygon',
  MULTIPOLYGON: 'MultiPolygon',
};

/**
 * WKT of the six geometry types (2D or Z; `M` measures are refused), read by a small tokenizer:
 * numbers and parentheses only, so nothing else in a cell can be taken for a coordinate.
 * Returns null for anything else, and for EMPTY.
 */
export function parseWkt(text: string): Geometry | null {
  const m = /^\s*([A-Za-z]+?)\s*(Z\s*)?(\(.*\))\s*$/is.exec(text);
  if (!m) return null;
  const type = WKT_TYPES[m[1]!.toUpperCase()];
  if (!type) return null;
  const tokens = m[3]!.match(/\(|\)|,|[^\s(),]+/g) ?? [];
  let i = 0;
  // A nested list: '(' items ')' where an item is a list or a position (numbers up to , or )).
  const list = (): unknown[] | null => {
    if (tokens[i++] !== '(') return null;
    const out: unknown[] = [];
    for (;;) {
      if (tokens[i] === '(') {
        const inner = list();
        if (!inner) return null;
        out.push(inner);
      } else {
        const pos: number[] = [];
        while (tokens[i] !== undefined && tokens[i] !== ',' && tokens[i] !== ')') {
          const n = Number(tokens[i++]);
          if (!Number.isFinite(n)) return null;
          pos.push(n);
        }
        if (pos.length < 2 || pos.length > 3) return null;
        out.push(pos);
      }
      const sep = tokens[i++];
      if (sep === ')') return out;
      if (sep !== ',') return null;
    }
  };
  const body = list();
  if (!body || i !== tokens.length) return null;
  // POINT (x y) is one position in a list; MULTIPOINT may write its points bare or in parentheses.
  if (type === 'Point') return body.length === 1 ? { type, coordinates: body[0] } : null;
  if (type === 'MultiPoint')
    return {
      type,
      coordinates: body.map((p) => (Array.isArray(p) && Array.isArray(p[0]) && p.length === 1 ? p[0] : p)),
    };
  return { type, coordinates: body };
}

/** A GeoJSON cell's geometry: a Feature's is what is meant (its properties are not ours to keep). */
function geoJsonOf(s: string): unknown {
  try {
    const g: unknown = JSON.parse(s);
    if (g && typeof g === 'object' && (g as { type?: unknown }).type === 'Feature')
      return (g as { geometry?: unknown }).geometry ?? null;
    return g;
  } catch {
    return null;
  }
}

/** A shape cell: GeoJSON when it starts with `{`, else WKT; checked as the property would be. */
export function shapeCell(raw: string): Converted {
  const s = raw.trim();
  const g = s.startsWith('{') ? geoJsonOf(s) : parseWkt(s);
  if (!g) return { problem: 'csvImport.problem.shape' };
  const problem = checkGeometry(g);
  return problem ? { problem: `errors.geometry.${problem}` } : { value: g };
}

/** A point from its two cells: both or neither (half a coordinate is a problem, not no place). */
export function pointOf(
  lat: string | undefined,
  lon: string | undefined,
): Converted & { column?: 'lat' | 'lon' } {
  const hasLat = !!lat?.trim();
  const hasLon = !!lon?.trim();
  if (!hasLat && !hasLon) return { value: undefined };
  if (!hasLat) return { problem: 'csvImport.problem.latitudeMissing', column: 'lat' };
  if (!hasLon) return { problem: 'csvImport.problem.longitudeMissing', column: 'lon' };
  const y = degreesCell(lat!, 90);
  if ('problem' in y) return { ...y, column: 'lat' };
  const x = degreesCell(lon!, 180);
  if ('problem' in x) return { ...x, column: 'lon' };
  return { value: { type: 'Point', coordinates: [x.value, y.value] } };
}
