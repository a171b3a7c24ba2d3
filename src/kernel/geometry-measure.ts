import { positionsOf, type Geometry } from './geometry';

// A geometry's kind (point, line or area), its simple parts and its size on the sphere: what the
// geometry editor's summary says ("Area, 6 points, 2.4 km²") and what a referral's PDF states of
// its project area, one measure for both halves. No turf: the client's chunk stays small.

export type Kind = 'point' | 'line' | 'area';

const KIND_OF: Readonly<Record<string, Kind>> = {
  Point: 'point',
  MultiPoint: 'point',
  LineString: 'line',
  MultiLineString: 'line',
  Polygon: 'area',
  MultiPolygon: 'area',
};
const SINGLE: Record<Kind, string> = { point: 'Point', line: 'LineString', area: 'Polygon' };

/** The kind of a geometry type's name; undefined for a name that is no geometry's. */
export function kindOfType(type: string): Kind | undefined {
  return Object.hasOwn(KIND_OF, type) ? KIND_OF[type] : undefined;
}

export function kindOf(g: Geometry): Kind {
  return KIND_OF[g.type]!;
}

/** The simple shapes of a geometry (a Multi form's parts), each a Point, LineString or Polygon. */
export function partsOf(g: Geometry): Geometry[] {
  const k = kindOf(g);
  if (g.type === SINGLE[k]) return [g];
  return (g.coordinates as unknown[]).map((c) => ({ type: SINGLE[k], coordinates: c }) as Geometry);
}

const R = 6_378_137; // WGS 84 equatorial radius, as @turf/area uses
const rad = (d: number) => (d * Math.PI) / 180;

/** A ring's area on the sphere, in m² (Chamberlain and Duquette, as @turf/area). */
function ringArea(ring: readonly number[][]): number {
  let total = 0;
  const n = ring.length;
  if (n < 3) return 0;
  for (let i = 0; i < n; i++) {
    const lo = ring[i]!;
    const mid = ring[(i + 1) % n]!;
    const up = ring[(i + 2) % n]!;
    total += (rad(up[0]!) - rad(lo[0]!)) * Math.sin(rad(mid[1]!));
  }
  return Math.abs((total * R * R) / 2);
}

/** Great-circle distance in m (haversine). */
function distance(a: readonly number[], b: readonly number[]): number {
  const dLat = rad(b[1]! - a[1]!);
  const dLon = rad(b[0]! - a[0]!);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1]!)) * Math.cos(rad(b[1]!)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Measure {
  kind: Kind;
  /** Shapes (a Multi form's parts). */
  parts: number;
  /** Distinct points a person placed (a ring's closing point is not counted again). */
  points: number;
  /** m² of areas (holes taken out), m of lines; 0 for points. */
  size: number;
}

export function measure(g: Geometry): Measure {
  const kind = kindOf(g);
  const parts = partsOf(g);
  let size = 0;
  let points = positionsOf(g).length;
  if (kind === 'area')
    for (const p of parts) {
      const rings = p.coordinates as number[][][];
      points -= rings.length;
      rings.forEach((r, i) => (size += (i === 0 ? 1 : -1) * ringArea(r)));
    }
  if (kind === 'line')
    for (const p of parts) {
      const line = p.coordinates as number[][];
      for (let i = 1; i < line.length; i++) size += distance(line[i - 1]!, line[i]!);
    }
  return { kind, parts: parts.length, points, size };
}

/** A size in words' units: m² → ha or km²; m → m or km, with one decimal where it helps. */
export function formatSize(kind: Kind, size: number): { unit: string; value: string } | null {
  const num = (n: number) => n.toLocaleString('en', { maximumFractionDigits: n < 10 ? 1 : 0 });
  if (kind === 'area') {
    if (size >= 1_000_000) return { unit: 'km2', value: num(size / 1_000_000) };
    if (size >= 10_000) return { unit: 'ha', value: num(size / 10_000) };
    return { unit: 'm2', value: num(size) };
  }
  if (kind === 'line')
    return size >= 1000 ? { unit: 'km', value: num(size / 1000) } : { unit: 'm', value: num(size) };
  return null;
}
