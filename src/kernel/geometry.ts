// The `geometry` property kind (issue 15): a GeoJSON geometry (RFC 7946) in an item's data, with
// the bounding box the database filters by (items.bbox, migration 0010). Shared by both halves:
// the server's validator refuses a bad shape with a rule key naming the field, and the client's
// field editor says the same thing before anything is sent.

/** The geometry types a property may hold (GeometryCollection is not one: a feature has one shape). */
export const GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];

export type Position = number[];
export interface Geometry {
  type: GeometryType;
  coordinates: unknown;
}

/**
 * The most vertices in one geometry. A detailed traditional territory runs to some thousands; an
 * imported layer's worst polygons to tens of thousands. At ~40 bytes a vertex this keeps one
 * item's data near 2 MB, under the message size, and each overlap test bounded.
 */
export const GEOMETRY_MAX_VERTICES = 50_000;

/** What is wrong with a geometry: the rule key's last part (`errors.geometry.{problem}`). */
export type GeometryProblem = 'type' | 'range' | 'ring' | 'vertices';

const NESTING: Record<GeometryType, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

function isPositionShape(p: unknown): p is Position {
  return (
    Array.isArray(p) &&
    (p.length === 2 || p.length === 3) &&
    p.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** A list of positions (a line, or a polygon's ring): 'type' when malformed, 'ring' when open. */
function lineProblem(a: unknown, type: string): 'type' | 'ring' | null {
  if (!Array.isArray(a) || a.length === 0) return 'type';
  if ((type === 'LineString' || type === 'MultiLineString') && a.length < 2) return 'type';
  if (type === 'Polygon' || type === 'MultiPolygon') {
    if (a.length < 4) return 'ring';
    const first = a[0] as unknown;
    const last = a[a.length - 1] as unknown;
    if (!isPositionShape(first) || !isPositionShape(last)) return 'type';
    if (first[0] !== last[0] || first[1] !== last[1]) return 'ring';
  }
  return null;
}

/**
 * Checks a geometry without recursion (the depth is fixed by its type). Returns null when good.
 * Order of blame: shape first (type, nesting, numbers), then range, then rings, then size, so
 * the first problem a person can fix is the one named.
 */
export function checkGeometry(g: unknown): GeometryProblem | null {
  if (typeof g !== 'object' || g === null || Array.isArray(g)) return 'type';
  const type = (g as { type?: unknown }).type;
  if (typeof type !== 'string' || !(GEOMETRY_TYPES as readonly string[]).includes(type)) return 'type';
  const depth = NESTING[type as GeometryType];
  const coords = (g as { coordinates?: unknown }).coordinates;
  // Walk level by level: each level's arrays, checked for shape, count and (for rings) closure.
  let level: unknown[] = [coords];
  let outOfRange = false;
  let openRing = false;
  let vertices = 0;
  for (let d = depth; d >= 0; d--) {
    if (d === 0) {
      for (const p of level) {
        if (!isPositionShape(p)) return 'type';
        if (Math.abs(p[0]!) > 180 || Math.abs(p[1]!) > 90) outOfRange = true;
      }
      vertices = level.length;
      break;
    }
    if (d === 1) {
      // The arrays of positions, checked where they stand: copying every vertex into one list
      // was most of a large import's validation garbage.
      let count = 0;
      for (const a of level) {
        const problem = lineProblem(a, type);
        if (problem === 'type') return 'type';
        if (problem === 'ring') openRing = true;
        count += (a as unknown[]).length;
        if (count > GEOMETRY_MAX_VERTICES * 2) return 'vertices';
      }
      for (const a of level)
        for (const p of a as unknown[]) {
          if (!isPositionShape(p)) return 'type';
          if (Math.abs(p[0]!) > 180 || Math.abs(p[1]!) > 90) outOfRange = true;
        }
      vertices = count;
      break;
    }
    const next: unknown[] = [];
    for (const a of level) {
      if (!Array.isArray(a) || a.length === 0) return 'type';
      if (next.length + a.length > GEOMETRY_MAX_VERTICES * 2) return 'vertices';
      for (const x of a) next.push(x);
    }
    level = next;
  }
  if (outOfRange) return 'range';
  if (openRing) return 'ring';
  if (vertices > GEOMETRY_MAX_VERTICES) return 'vertices';
  return null;
}

/** Every position of a (checked) geometry. */
export function positionsOf(g: Geometry): Position[] {
  let level: unknown[] = [g.coordinates];
  for (let d = NESTING[g.type]; d > 0; d--) level = level.flatMap((a) => a as unknown[]);
  return level as Position[];
}

export type BBox = [minX: number, minY: number, maxX: number, maxY: number];

/** The bounding box of a checked geometry. */
export function bboxOf(g: Geometry): BBox {
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  widen(box, g.coordinates, NESTING[g.type]);
  return box;
}

/** Grows `box` by every position `depth` levels down (fixed by the type: at most 3), copying none. */
function widen(box: BBox, a: unknown, depth: number): void {
  if (depth === 0) {
    const x = (a as Position)[0]!;
    const y = (a as Position)[1]!;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
    return;
  }
  for (const b of a as unknown[]) widen(box, b, depth - 1);
}

/** The box holding both (either may be null). */
export function unionBBox(a: BBox | null, b: BBox | null): BBox | null {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

// Map bounds helpers (spec capability-modules §5, core §5): "need an array of four numbers (an
// even-length array for hashing), otherwise they raise errors".

/** Thrown by the bounds helpers; its message is the developer's, not a user's. */
export class BoundsError extends Error {}

/** Checks map bounds [west, south, east, north] and returns them typed. */
export function checkBounds(b: unknown): BBox {
  if (!Array.isArray(b) || b.length !== 4 || !b.every((n) => typeof n === 'number' && Number.isFinite(n)))
    throw new BoundsError('bounds must be an array of four numbers');
  const [w, s, e, n] = b as number[];
  if (w! < -180 || e! > 180 || s! < -90 || n! > 90 || w! > e! || s! > n!)
    throw new BoundsError('bounds must be [west, south, east, north] within -180..180 and -90..90');
  return [w!, s!, e!, n!];
}

/**
 * A stable key of a list of coordinates (bounds, or a flat [x, y, x, y, …] list): for caches of
 * map requests. An even-length array of numbers only; values rounded to 6 decimals (~0.1 m).
 */
export function boundsHash(coords: unknown): string {
  if (
    !Array.isArray(coords) ||
    coords.length === 0 ||
    coords.length % 2 !== 0 ||
    !coords.every((n) => typeof n === 'number' && Number.isFinite(n))
  )
    throw new BoundsError('a bounds hash needs an even-length array of numbers');
  return (coords as number[]).map((n) => n.toFixed(6)).join(',');
}

/** A `$bbox` search value: "west,south,east,north". */
export function bboxSearchValue(b: BBox): string {
  return b.join(',');
}

/** Reads a `$bbox` search value; null when it is not four numbers in range. */
export function parseBBoxValue(v: unknown): BBox | null {
  if (typeof v !== 'string') return null;
  const parts = v.split(',').map((s) => (s.trim() === '' ? NaN : Number(s)));
  try {
    return checkBounds(parts);
  } catch {
    return null;
  }
}
