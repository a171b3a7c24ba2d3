// The project area a proponent pastes or uploads (the guided form): GeoJSON (RFC 7946) as a
// FeatureCollection, a Feature or a bare Geometry. Checked here, before it is sent, so the form
// can say what is wrong; the words are i18n keys.

const GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
] as const;

/** Large enough for a detailed boundary, small enough to keep an item's data reasonable. */
export const GEOJSON_MAX_CHARS = 2_000_000;

export type GeoJsonCheck =
  | { ok: true; value: Record<string, unknown>; features: number }
  | { ok: false; error: 'tooLarge' | 'notJson' | 'notGeoJson' | 'badGeometry' | 'empty' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function isPosition(p: unknown): boolean {
  return (
    Array.isArray(p) &&
    p.length >= 2 &&
    p.length <= 3 &&
    p.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    Math.abs(p[0] as number) <= 180 &&
    Math.abs(p[1] as number) <= 90
  );
}

/** Nested arrays of positions `depth` levels deep (0: one position). */
function isCoords(c: unknown, depth: number): boolean {
  if (depth === 0) return isPosition(c);
  return Array.isArray(c) && c.length > 0 && c.every((x) => isCoords(x, depth - 1));
}

/** A linear ring: four or more positions, closed. */
function isRing(r: unknown): boolean {
  if (!isCoords(r, 1)) return false;
  const ring = r as number[][];
  const [a, b] = [ring[0]!, ring[ring.length - 1]!];
  return ring.length >= 4 && a[0] === b[0] && a[1] === b[1];
}

export function isGeometry(g: unknown): boolean {
  if (!isObj(g) || !(GEOMETRY_TYPES as readonly unknown[]).includes(g.type)) return false;
  const c = g.coordinates;
  switch (g.type) {
    case 'Point':
      return isPosition(c);
    case 'MultiPoint':
      return isCoords(c, 1);
    case 'LineString':
      return isCoords(c, 1) && (c as unknown[]).length >= 2;
    case 'MultiLineString':
      return isCoords(c, 2) && (c as unknown[][]).every((l) => l.length >= 2);
    case 'Polygon':
      return Array.isArray(c) && c.length > 0 && c.every(isRing);
    case 'MultiPolygon':
      return (
        Array.isArray(c) &&
        c.length > 0 &&
        c.every((p) => Array.isArray(p) && p.length > 0 && p.every(isRing))
      );
    default:
      return Array.isArray(g.geometries) && g.geometries.every(isGeometry);
  }
}

/** A Feature's geometry may be null (RFC 7946 §3.2); it then marks no area. */
function featureGeometry(f: unknown): 'ok' | 'null' | 'bad' {
  if (!isObj(f) || f.type !== 'Feature') return 'bad';
  if (f.geometry === null) return 'null';
  return isGeometry(f.geometry) ? 'ok' : 'bad';
}

/** Parses and checks pasted or uploaded text. */
export function checkGeoJson(text: string): GeoJsonCheck {
  if (text.length > GEOJSON_MAX_CHARS) return { ok: false, error: 'tooLarge' };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, error: 'notJson' };
  }
  if (!isObj(v) || typeof v.type !== 'string') return { ok: false, error: 'notGeoJson' };
  if (v.type === 'FeatureCollection') {
    if (!Array.isArray(v.features)) return { ok: false, error: 'notGeoJson' };
    const kinds = v.features.map(featureGeometry);
    if (kinds.includes('bad')) return { ok: false, error: 'badGeometry' };
    const n = kinds.filter((k) => k === 'ok').length;
    return n ? { ok: true, value: v, features: n } : { ok: false, error: 'empty' };
  }
  if (v.type === 'Feature') {
    const k = featureGeometry(v);
    if (k === 'bad') return { ok: false, error: 'badGeometry' };
    return k === 'ok' ? { ok: true, value: v, features: 1 } : { ok: false, error: 'empty' };
  }
  if ((GEOMETRY_TYPES as readonly string[]).includes(v.type))
    return isGeometry(v) ? { ok: true, value: v, features: 1 } : { ok: false, error: 'badGeometry' };
  return { ok: false, error: 'notGeoJson' };
}

/** Each feature of the project area becomes a ConsultProjectFeature of the consultation. */
export function areaGeometries(area: GeoJsonCheck | null): { label: string | null; geometry: unknown }[] {
  if (!area?.ok) return [];
  const v = area.value as { type: string; features?: unknown[]; geometry?: unknown; properties?: unknown };
  const named = (f: { properties?: unknown; geometry?: unknown }) => {
    const p = (f.properties ?? {}) as Record<string, unknown>;
    const name = p.name ?? p.Name ?? p.label;
    return {
      label: typeof name === 'string' && name.trim() ? name.trim().slice(0, 300) : null,
      geometry: f.geometry,
    };
  };
  if (v.type === 'FeatureCollection')
    return (v.features as { geometry?: unknown; properties?: unknown }[])
      .filter((f) => f.geometry)
      .map(named);
  if (v.type === 'Feature') return [named(v)];
  return [{ label: null, geometry: v }];
}
