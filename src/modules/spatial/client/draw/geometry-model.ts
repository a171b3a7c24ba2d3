import {
  checkGeometry,
  GEOMETRY_MAX_VERTICES,
  positionsOf,
  type Geometry,
  type GeometryProblem,
} from '../../../../kernel/geometry';

// The geometry editor's pure parts: reading pasted or dropped GeoJSON into one geometry, joining
// drawn shapes into one value, splitting a value into shapes to draw, and the summary in words.
// Every value is checked with the kernel's checkGeometry, the server's own rule.

export type Kind = 'point' | 'line' | 'area';

/** Why pasted text is not a geometry: the kernel's problems and the reader's own. */
export type ReadProblem = GeometryProblem | 'notJson' | 'notGeoJson' | 'empty' | 'mixed';

export type ReadResult = { ok: true; geometry: Geometry } | { ok: false; problem: ReadProblem };

const KIND_OF: Record<string, Kind> = {
  Point: 'point',
  MultiPoint: 'point',
  LineString: 'line',
  MultiLineString: 'line',
  Polygon: 'area',
  MultiPolygon: 'area',
};
const SINGLE: Record<Kind, string> = { point: 'Point', line: 'LineString', area: 'Polygon' };
const MULTI: Record<Kind, string> = { point: 'MultiPoint', line: 'MultiLineString', area: 'MultiPolygon' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function kindOf(g: Geometry): Kind {
  return KIND_OF[g.type]!;
}

/** The simple shapes of a geometry (a Multi form's parts), each a Point, LineString or Polygon. */
export function partsOf(g: Geometry): Geometry[] {
  const k = kindOf(g);
  if (g.type === SINGLE[k]) return [g];
  return (g.coordinates as unknown[]).map((c) => ({ type: SINGLE[k], coordinates: c }) as Geometry);
}

/**
 * One value of several shapes: one shape stays itself; several of one kind become the Multi
 * form; points, lines and areas together cannot be one value ('mixed'). Checked.
 */
export function joinGeometries(shapes: readonly Geometry[]): ReadResult {
  if (!shapes.length) return { ok: false, problem: 'empty' };
  const kinds = new Set(shapes.map((s) => KIND_OF[s.type]));
  if (kinds.size > 1 || kinds.has(undefined))
    return { ok: false, problem: kinds.has(undefined) ? 'type' : 'mixed' };
  const k = [...kinds][0]!;
  const g: Geometry =
    shapes.length === 1
      ? shapes[0]!
      : ({
          type: MULTI[k],
          coordinates: shapes.flatMap((s) => partsOf(s).map((p) => p.coordinates)),
        } as Geometry);
  const problem = checkGeometry(g);
  return problem ? { ok: false, problem } : { ok: true, geometry: g };
}

/** The geometries of GeoJSON: a Geometry, a Feature, or a FeatureCollection (null geometries skipped). */
function geometriesOf(v: unknown): unknown[] | null {
  if (!isObj(v) || typeof v.type !== 'string') return null;
  if (v.type === 'FeatureCollection')
    return Array.isArray(v.features) ? v.features.map((f) => (isObj(f) ? f.geometry : undefined)) : null;
  if (v.type === 'Feature') return [v.geometry];
  if (v.type === 'GeometryCollection') return Array.isArray(v.geometries) ? v.geometries : null;
  return [v];
}

/** A parsed GeoJSON value as one geometry (several features of one kind: the Multi form). */
export function readGeoJson(v: unknown): ReadResult {
  const all = geometriesOf(v);
  if (!all) return { ok: false, problem: 'notGeoJson' };
  const shapes = all.filter((g) => g !== null);
  for (const g of shapes) {
    const problem = checkGeometry(g);
    if (problem) return { ok: false, problem };
  }
  return joinGeometries(shapes as Geometry[]);
}

/** Pasted or dropped text as one geometry. */
export function readGeometryText(text: string): ReadResult {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'notJson' };
  }
  return readGeoJson(v);
}

/** The translation key of a problem: the kernel's are the server's own (errors.geometry.*). */
export function problemKey(p: ReadProblem): string {
  return p === 'type' || p === 'range' || p === 'ring' || p === 'vertices'
    ? `errors.geometry.${p}`
    : `spatial.draw.problems.${p}`;
}

/** The problem's message arguments (the vertex limit). */
export const PROBLEM_ARGS = { max: GEOMETRY_MAX_VERTICES.toLocaleString('en') };

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

type T = (key: string, o?: Record<string, unknown>) => string;

/** "Area, 6 points, 2.4 km²"; "2 lines, 12 points, 3.1 km"; "Point". For screen readers and as the keyboard view. */
export function summaryText(t: T, g: Geometry): string {
  const m = measure(g);
  const words = [t(`spatial.draw.summary.${m.kind}`, { count: m.parts })];
  if (m.kind !== 'point') words.push(t('spatial.draw.summary.points', { count: m.points }));
  const size = formatSize(m.kind, m.size);
  if (size) words.push(t(`spatial.draw.units.${size.unit}`, { value: size.value }));
  return words.join(', ');
}

/** The box to fit the view to: the shape's, a little padded for a point. */
export function viewBox(g: Geometry): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of positionsOf(g)) {
    w = Math.min(w, p[0]!);
    s = Math.min(s, p[1]!);
    e = Math.max(e, p[0]!);
    n = Math.max(n, p[1]!);
  }
  const pad = 0.005;
  if (e - w < pad) [w, e] = [w - pad, e + pad];
  if (n - s < pad) [s, n] = [s - pad, n + pad];
  return [Math.max(-180, w), Math.max(-90, s), Math.min(180, e), Math.min(90, n)];
}

/** A form value (JSON text) as a geometry, or null when empty or not a good one. */
export function fromFormText(text: unknown): Geometry | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  const r = readGeometryText(text);
  return r.ok ? r.geometry : null;
}
