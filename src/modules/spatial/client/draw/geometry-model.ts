import {
  checkGeometry,
  GEOMETRY_MAX_VERTICES,
  positionsOf,
  type Geometry,
  type GeometryProblem,
} from '../../../../kernel/geometry';
import { formatSize, kindOfType, measure, partsOf, type Kind } from '../../../../kernel/geometry-measure';

// The geometry editor's pure parts: reading pasted or dropped GeoJSON into one geometry, joining
// drawn shapes into one value, splitting a value into shapes to draw, and the summary in words.
// Every value is checked with the kernel's checkGeometry, the server's own rule. The measuring
// (kind, parts, size) is the kernel's, so a referral's PDF states the size this summary shows.

export {
  formatSize,
  kindOf,
  measure,
  partsOf,
  type Kind,
  type Measure,
} from '../../../../kernel/geometry-measure';

/** Why pasted text is not a geometry: the kernel's problems and the reader's own. */
export type ReadProblem = GeometryProblem | 'notJson' | 'notGeoJson' | 'empty' | 'mixed';

export type ReadResult = { ok: true; geometry: Geometry } | { ok: false; problem: ReadProblem };

const MULTI: Record<Kind, string> = { point: 'MultiPoint', line: 'MultiLineString', area: 'MultiPolygon' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One value of several shapes: one shape stays itself; several of one kind become the Multi
 * form; points, lines and areas together cannot be one value ('mixed'). Checked.
 */
export function joinGeometries(shapes: readonly Geometry[]): ReadResult {
  if (!shapes.length) return { ok: false, problem: 'empty' };
  const kinds = new Set(shapes.map((s) => kindOfType(s.type)));
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
