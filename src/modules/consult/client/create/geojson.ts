import { checkGeometry, type Geometry } from '../../../../kernel/geometry';

// The project area of the guided form: one geometry in the form (drawn, pasted or read from a
// file by the geometry field editor, the spatial module's, found by its kind), saved as one
// ConsultProjectFeature per shape. Checked with the kernel's rule, the server's own.

/**
 * The form's name of the area (not a Consultation property, so toWireData leaves it out): the
 * project area's own property, so its label and editor are ConsultProjectFeature.geometry's.
 */
export const AREA_FIELD = 'geometry';

export type AreaRead = { ok: true; geometry: Geometry | null } | { ok: false; key: string };

/** The form's value (JSON text): none, a good geometry, or the key of what is wrong. */
export function readArea(text: unknown): AreaRead {
  if (typeof text !== 'string' || !text.trim()) return { ok: true, geometry: null };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, key: 'errors.invalidJsonText' };
  }
  const problem = checkGeometry(v);
  return problem ? { ok: false, key: `errors.geometry.${problem}` } : { ok: true, geometry: v as Geometry };
}

const SINGLE: Record<string, string> = {
  MultiPoint: 'Point',
  MultiLineString: 'LineString',
  MultiPolygon: 'Polygon',
};

/** The shapes the area's project features hold: each part of a Multi form, or the one shape. */
export function areaParts(g: Geometry | null): Geometry[] {
  if (!g) return [];
  const single = SINGLE[g.type];
  if (!single) return [g];
  return (g.coordinates as unknown[]).map((c) => ({ type: single, coordinates: c }) as Geometry);
}
