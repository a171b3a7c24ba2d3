import {
  area,
  bbox,
  bboxClip,
  booleanPointInPolygon,
  booleanWithin,
  feature,
  featureCollection,
  flatten,
  intersect,
  length,
  lineSplit,
  along,
  truncate,
  union,
} from '@turf/turf';
import type { Feature, Geometry, LineString, MultiPolygon, Point, Polygon, Position } from 'geojson';

// The impact overlay's geometry (docs/spatial-overlay.md "How it measures"): areas and lengths
// are turf's (geodesic, with its clipper); whether a place meets the project and how far it is
// are planar, in a local frame centred on the project (under 0.5 % off within 50 km at these
// latitudes; turf's boolean tests and buffer on a 500-vertex footprint cost seconds per run).
// Turf's polygon clipping has known precision and looping bugs on nearly degenerate input: every
// call that may throw is guarded and falls back to a plainer answer.

/** Coordinates kept to 6 decimals (about 0.1 m): enough for a map, and it tames the clipper. */
const PRECISION = 6;

export type ShapeKind = 'point' | 'line' | 'polygon';

export interface ProjectArea {
  /** The project's parts, truncated and flattened to single geometries. */
  parts: Feature<Point | LineString | Polygon>[];
  /** Its polygons joined (null when it has none; the largest alone when joining failed). */
  footprint: Feature<Polygon | MultiPolygon> | null;
  /** Its polygons, for containment tests. */
  polygons: Feature<Polygon>[];
  /** The buffer in metres. */
  bufferM: number;
  /** The buffered area's box ([west, south, east, north]): the project's box grown by the buffer. */
  box: [number, number, number, number];
  /** The local projection's centre and its metres per degree. */
  frame: Frame;
  /** The project's segments (a point is a segment of length 0) in the local frame. */
  segs: Seg[];
}

type XY = [number, number];
type Seg = [XY, XY];
interface Frame {
  lon0: number;
  lat0: number;
  mx: number;
  my: number;
}

/** One place the overlay met. */
export interface Measured {
  shape: ShapeKind;
  /** True when it touches or crosses the project itself (not only the buffer). */
  intersects: boolean;
  /** Square metres of a polygon inside the project's polygons (null: not measurable). */
  overlapM2?: number | null;
  /** Metres of a line inside the project's polygons (null: not measurable). */
  overlapM?: number | null;
  /** Metres to the project (0 when it intersects). */
  distanceM: number;
}

const R = 6_371_008.8;
const RAD = Math.PI / 180;
/** Closer than this (metres) is touching: below the 6-decimal precision of the coordinates. */
const TOUCH = 0.05;

function frameAt(lon0: number, lat0: number): Frame {
  return { lon0, lat0, mx: R * RAD * Math.cos(lat0 * RAD), my: R * RAD };
}
const toXY = (f: Frame, p: Position): XY => [(p[0]! - f.lon0) * f.mx, (p[1]! - f.lat0) * f.my];

function ringsOf(g: Point | LineString | Polygon): Position[][] {
  if (g.type === 'Point') return [[g.coordinates, g.coordinates]];
  if (g.type === 'LineString') return [g.coordinates];
  return g.coordinates;
}

function segsOf(f: Frame, parts: readonly Feature<Point | LineString | Polygon>[]): Seg[] {
  const out: Seg[] = [];
  for (const p of parts)
    for (const ring of ringsOf(p.geometry)) {
      const xy = ring.map((c) => toXY(f, c));
      if (xy.length === 1) out.push([xy[0]!, xy[0]!]);
      for (let i = 1; i < xy.length; i++) out.push([xy[i - 1]!, xy[i]!]);
    }
  return out;
}

/** The single-part features of a geometry, coordinates truncated. */
export function partsOf(g: Geometry): Feature<Point | LineString | Polygon>[] {
  const t = truncate(feature(g), { precision: PRECISION, coordinates: 2 });
  return flatten(t).features.filter(
    (f): f is Feature<Point | LineString | Polygon> =>
      f.geometry.type === 'Point' || f.geometry.type === 'LineString' || f.geometry.type === 'Polygon',
  );
}

const shapeOf = (g: Point | LineString | Polygon): ShapeKind =>
  g.type === 'Point' ? 'point' : g.type === 'LineString' ? 'line' : 'polygon';

/** Joins polygons; on a clipper failure, the largest alone stands in. */
function joinPolygons(polys: Feature<Polygon>[]): ProjectArea['footprint'] {
  if (polys.length === 0) return null;
  if (polys.length === 1) return polys[0]!;
  try {
    return union(featureCollection(polys)) ?? polys[0]!;
  } catch {
    return polys.reduce((a, b) => (area(b) > area(a) ? b : a));
  }
}

/**
 * The project area and the area `bufferM` metres around it. "Within the buffer" is "at most
 * `bufferM` from the project", measured (below), so the buffer's own outline is never drawn: only
 * its box, the project's box grown by the buffer, which the search filters by.
 */
export function projectArea(geometries: readonly Geometry[], bufferM: number): ProjectArea {
  const parts = geometries.flatMap(partsOf);
  if (parts.length === 0) throw new Error('no project geometry');
  const polygons = parts.filter((p): p is Feature<Polygon> => p.geometry.type === 'Polygon');
  const [w, s, e, n] = bbox(featureCollection<Geometry>(parts));
  const frame = frameAt((w + e) / 2, (s + n) / 2);
  const dy = bufferM / frame.my;
  // The widest longitude step is at the box's pole-ward edge.
  const dx = bufferM / (R * RAD * Math.max(0.01, Math.cos(Math.max(Math.abs(s), Math.abs(n)) * RAD)));
  const box: ProjectArea['box'] = [
    Math.max(-180, w - dx),
    Math.max(-90, s - dy),
    Math.min(180, e + dx),
    Math.min(90, n + dy),
  ];
  return {
    parts,
    footprint: joinPolygons(polygons),
    polygons,
    bufferM,
    box,
    frame,
    segs: segsOf(frame, parts),
  };
}

function segDist(p: XY, [a, b]: Seg): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return Math.sqrt(x * x + y * y);
}

const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Do two segments cross (strictly: touching is left to the distance)? */
function crosses([a, b]: Seg, [c, d]: Seg): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/**
 * The least distance between two sets of segments, 0 when two cross. Between segments that do
 * not cross it is always reached at an end of one of them, so both ways round are measured. A
 * segment far outside the buffer's reach is passed over on its box.
 */
function segmentsDistance(a: readonly Seg[], b: readonly Seg[], reach: number): number {
  let best = Infinity;
  for (const s of a) {
    const sw = Math.min(s[0][0], s[1][0]) - reach;
    const se = Math.max(s[0][0], s[1][0]) + reach;
    const ss = Math.min(s[0][1], s[1][1]) - reach;
    const sn = Math.max(s[0][1], s[1][1]) + reach;
    for (const t of b) {
      if (
        Math.max(t[0][0], t[1][0]) < sw ||
        Math.min(t[0][0], t[1][0]) > se ||
        Math.max(t[0][1], t[1][1]) < ss ||
        Math.min(t[0][1], t[1][1]) > sn
      )
        continue;
      if (crosses(s, t)) return 0;
      best = Math.min(best, segDist(s[0], t), segDist(s[1], t), segDist(t[0], s), segDist(t[1], s));
    }
  }
  return best;
}

/** Is a point of `inner` inside one of `outer`'s polygons (turf's test; a failure says no)? */
function someInside(inner: readonly Feature[], outer: readonly Feature<Polygon>[]): boolean {
  for (const f of inner) {
    const first = ringsOf(f.geometry as Point | LineString | Polygon)[0]?.[0];
    if (!first) continue;
    for (const poly of outer) {
      try {
        if (booleanPointInPolygon(first, poly)) return true;
      } catch {
        // A degenerate ring contains nothing.
      }
    }
  }
  return false;
}

/** The footprint cut to a box around a place: the clipper then works on a few vertices, not hundreds. */
function footprintNear(
  fp: NonNullable<ProjectArea['footprint']>,
  part: Feature,
): NonNullable<ProjectArea['footprint']> {
  const [w, s, e, n] = bbox(part);
  const m = 0.001;
  try {
    return bboxClip(fp, [w - m, s - m, e + m, n + m]) as NonNullable<ProjectArea['footprint']>;
  } catch {
    return fp;
  }
}

/** Square metres of `poly` inside the footprint; null when the clipper fails and it is not wholly inside. */
function polygonOverlap(poly: Feature<Polygon>, whole: NonNullable<ProjectArea['footprint']>): number | null {
  const fp = footprintNear(whole, poly);
  try {
    const cut = intersect(featureCollection<Polygon | MultiPolygon>([poly, fp]));
    return cut ? area(cut) : 0;
  } catch {
    try {
      return booleanWithin(poly, whole) ? area(poly) : null;
    } catch {
      return null;
    }
  }
}

/** Metres of `line` inside the footprint: the pieces between its crossings whose middle is inside. */
function lineOverlap(line: Feature<LineString>, whole: NonNullable<ProjectArea['footprint']>): number | null {
  const fp = footprintNear(whole, line);
  try {
    const pieces = lineSplit(line, fp as Feature<Polygon>).features;
    let m = 0;
    for (const piece of pieces.length ? pieces : [line]) {
      const len = length(piece, { units: 'meters' });
      if (len === 0) continue;
      const mid = along(piece, len / 2, { units: 'meters' });
      if (booleanPointInPolygon(mid, whole)) m += len;
    }
    return m;
  } catch {
    return null;
  }
}

/**
 * Measures one place against the project: null when it is farther than the buffer. Its shape is
 * the widest of its parts (a polygon beats a line beats a point).
 */
export function measure(pa: ProjectArea, g: Geometry, spend?: (pairs: number) => void): Measured | null {
  const parts = partsOf(g);
  if (parts.length === 0) return null;
  // A place whose box misses the project's (grown by the buffer) is farther than the buffer:
  // passed over before a segment is made or compared.
  const [w, s, e, n] = bbox(featureCollection<Geometry>(parts));
  if (w > pa.box[2] || e < pa.box[0] || s > pa.box[3] || n < pa.box[1]) return null;
  const segs = segsOf(pa.frame, parts);
  spend?.(segs.length * pa.segs.length);
  const d = segmentsDistance(segs, pa.segs, pa.bufferM + TOUCH);
  const intersects =
    d <= TOUCH ||
    someInside(parts, pa.polygons) ||
    someInside(
      pa.parts,
      parts.filter((p): p is Feature<Polygon> => p.geometry.type === 'Polygon'),
    );
  if (!intersects && !(d <= pa.bufferM)) return null;
  const shape = parts.map((p) => shapeOf(p.geometry)).sort((a, b) => rank(b) - rank(a))[0]!;
  const out: Measured = { shape, intersects, distanceM: intersects ? 0 : round(d) };
  if (intersects && pa.footprint) {
    const fp = pa.footprint;
    if (shape === 'polygon')
      out.overlapM2 = sum(parts, (p) =>
        p.geometry.type === 'Polygon' ? polygonOverlap(p as Feature<Polygon>, fp) : 0,
      );
    else if (shape === 'line')
      out.overlapM = sum(parts, (p) =>
        p.geometry.type === 'LineString' ? lineOverlap(p as Feature<LineString>, fp) : 0,
      );
  }
  return out;
}

const rank = (s: ShapeKind) => (s === 'polygon' ? 2 : s === 'line' ? 1 : 0);
const round = (n: number) => Math.round(n * 10) / 10;

function sum<T>(xs: T[], f: (x: T) => number | null): number | null {
  let total = 0;
  for (const x of xs) {
    const v = f(x);
    if (v === null) return null;
    total += v;
  }
  return round(total);
}
