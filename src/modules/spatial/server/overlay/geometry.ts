import {
  area,
  bbox,
  booleanIntersects,
  booleanPointInPolygon,
  booleanWithin,
  buffer,
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
import type {
  Feature,
  FeatureCollection,
  Geometry,
  LineString,
  MultiPolygon,
  Point,
  Polygon,
  Position,
} from 'geojson';

// The impact overlay's geometry (docs/spatial-overlay.md "How it measures"): areas and lengths
// are turf's (geodesic), intersection tests are turf's boolean tests, and the distance from a
// place to the project is planar in a local projection centred on the project (under 0.5 % off
// within 50 km of it at these latitudes, and a hundred times faster than turf's per-segment
// geodesic distance). Turf's polygon clipping has known precision and looping bugs on nearly
// degenerate input: every call that may throw is guarded and falls back to a plainer answer.

/** Coordinates kept to 6 decimals (about 0.1 m): enough for a map, and it tames the clipper. */
const PRECISION = 6;

export type ShapeKind = 'point' | 'line' | 'polygon';

export interface ProjectArea {
  /** The project's parts, truncated and flattened to single geometries. */
  parts: Feature<Point | LineString | Polygon>[];
  /** Its polygons joined (null when it has none, or when joining failed and `polygons` is used). */
  footprint: Feature<Polygon | MultiPolygon> | null;
  /** The buffered area's parts (the project grown by the buffer). */
  buffered: Feature<Polygon | MultiPolygon>[];
  /** The buffered area's box: [west, south, east, north]. */
  box: [number, number, number, number];
  /** The local projection's centre (lon, lat) and its metres per degree. */
  frame: Frame;
  /** The project's segments and vertices in the local frame, for distances. */
  segs: Seg[];
  verts: XY[];
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

function frameAt(lon0: number, lat0: number): Frame {
  return { lon0, lat0, mx: R * RAD * Math.cos(lat0 * RAD), my: R * RAD };
}
const toXY = (f: Frame, p: Position): XY => [(p[0]! - f.lon0) * f.mx, (p[1]! - f.lat0) * f.my];

function ringsOf(g: Point | LineString | Polygon): Position[][] {
  if (g.type === 'Point') return [[g.coordinates]];
  if (g.type === 'LineString') return [g.coordinates];
  return g.coordinates;
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

/** Joins polygons; on a clipper failure, the largest alone stands in (the others still count through `parts`). */
function joinPolygons(polys: Feature<Polygon>[]): ProjectArea['footprint'] {
  if (polys.length === 0) return null;
  if (polys.length === 1) return polys[0]!;
  try {
    return union(featureCollection(polys)) ?? polys[0]!;
  } catch {
    return polys.reduce((a, b) => (area(b) > area(a) ? b : a));
  }
}

/** The project area: its parts, its footprint, and the area `bufferM` metres around it. */
export function projectArea(geometries: readonly Geometry[], bufferM: number): ProjectArea {
  const parts = geometries.flatMap(partsOf);
  if (parts.length === 0) throw new Error('no project geometry');
  const polys = parts.filter((p): p is Feature<Polygon> => p.geometry.type === 'Polygon');
  const footprint = joinPolygons(polys);
  const fc: FeatureCollection<Point | LineString | Polygon> = featureCollection(parts);
  const buffered: ProjectArea['buffered'] = [];
  if (bufferM > 0) {
    for (const p of parts) {
      // One part at a time: a failure costs that part its exact buffer, never the run.
      try {
        const b = buffer(p, bufferM, { units: 'meters', steps: 16 });
        if (b) buffered.push(b as Feature<Polygon>);
      } catch {
        buffered.push(boxAround(p, bufferM));
      }
    }
  } else {
    for (const p of polys) buffered.push(p);
    for (const p of parts) if (p.geometry.type !== 'Polygon') buffered.push(boxAround(p, 0.5));
  }
  const b = bbox(featureCollection<Geometry>([...buffered, ...fc.features])) as [
    number,
    number,
    number,
    number,
  ];
  const frame = frameAt((b[0] + b[2]) / 2, (b[1] + b[3]) / 2);
  const segs: Seg[] = [];
  const verts: XY[] = [];
  for (const p of parts)
    for (const ring of ringsOf(p.geometry)) {
      const xy = ring.map((c) => toXY(frame, c));
      verts.push(...xy);
      for (let i = 1; i < xy.length; i++) segs.push([xy[i - 1]!, xy[i]!]);
    }
  return { parts, footprint, buffered, box: b, frame, segs, verts };
}

/** A box grown by `m` metres around a part: the fallback when turf's buffer fails. */
function boxAround(p: Feature, m: number): Feature<Polygon> {
  const [w, s, e, n] = bbox(p);
  const dy = m / (R * RAD);
  const dx = m / (R * RAD * Math.max(0.01, Math.cos(((s + n) / 2) * RAD)));
  const ring: Position[] = [
    [w - dx, s - dy],
    [e + dx, s - dy],
    [e + dx, n + dy],
    [w - dx, n + dy],
    [w - dx, s - dy],
  ];
  return feature({ type: 'Polygon', coordinates: [ring] });
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

/**
 * The least distance between two shapes that do not meet: it is always reached at a vertex of
 * one and a segment (or vertex) of the other, so both ways round are measured.
 */
function planarDistance(pa: ProjectArea, parts: Feature<Point | LineString | Polygon>[]): number {
  let best = Infinity;
  const segs: Seg[] = [];
  const verts: XY[] = [];
  for (const p of parts)
    for (const ring of ringsOf(p.geometry)) {
      const xy = ring.map((c) => toXY(pa.frame, c));
      verts.push(...xy);
      for (let i = 1; i < xy.length; i++) segs.push([xy[i - 1]!, xy[i]!]);
    }
  const near = (v: XY, ss: Seg[], vs: XY[]) => {
    for (const s of ss) best = Math.min(best, segDist(v, s));
    if (ss.length === 0) for (const w of vs) best = Math.min(best, Math.hypot(v[0] - w[0], v[1] - w[1]));
  };
  for (const v of verts) near(v, pa.segs, pa.verts);
  for (const v of pa.verts) near(v, segs, verts);
  return best;
}

const intersectsAny = (a: Feature, bs: readonly Feature[]) => {
  for (const b of bs) {
    try {
      if (booleanIntersects(a, b)) return true;
    } catch {
      // A test that fails on degenerate input falls back to the boxes overlapping.
      const [aw, as, ae, an] = bbox(a);
      const [bw, bs2, be, bn] = bbox(b);
      if (aw <= be && bw <= ae && as <= bn && bs2 <= an) return true;
    }
  }
  return false;
};

/** Square metres of `poly` inside the project's footprint; null when the clipper fails and it is not wholly inside. */
function polygonOverlap(poly: Feature<Polygon>, fp: NonNullable<ProjectArea['footprint']>): number | null {
  try {
    const cut = intersect(featureCollection<Polygon | MultiPolygon>([poly, fp]));
    return cut ? area(cut) : 0;
  } catch {
    try {
      return booleanWithin(poly, fp) ? area(poly) : null;
    } catch {
      return null;
    }
  }
}

/** Metres of `line` inside the footprint: the pieces between its crossings whose middle is inside. */
function lineOverlap(line: Feature<LineString>, fp: NonNullable<ProjectArea['footprint']>): number | null {
  try {
    const pieces = lineSplit(line, fp as Feature<Polygon>).features;
    const all = pieces.length ? pieces : [line];
    let m = 0;
    for (const piece of all) {
      const len = length(piece, { units: 'meters' });
      const mid = along(piece, len / 2, { units: 'meters' });
      if (booleanPointInPolygon(mid, fp)) m += len;
    }
    return m;
  } catch {
    return null;
  }
}

/**
 * Measures one place against the project: null when it is not within the buffered area.
 * Its shape is the widest of its parts (a polygon beats a line beats a point).
 */
export function measure(pa: ProjectArea, g: Geometry): Measured | null {
  const parts = partsOf(g);
  if (parts.length === 0) return null;
  const within = parts.some((p) => intersectsAny(p, pa.buffered));
  if (!within) return null;
  const shape = parts.map((p) => shapeOf(p.geometry)).sort((a, b) => rank(b) - rank(a))[0]!;
  const intersects = parts.some((p) => intersectsAny(p, pa.parts));
  const out: Measured = { shape, intersects, distanceM: intersects ? 0 : round(planarDistance(pa, parts)) };
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
