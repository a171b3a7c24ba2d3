import type { FieldMapFeature } from '../../contract-map';
import { workItemColour } from './palette';

// The streamed features as the map's one GeoJSON source, each with what its layer needs: its
// kind (a record or trip, a work item's place, a reference) and its work item colour.

export type FeatureKind = 'record' | 'work' | 'ref';

export function kindOf(f: FieldMapFeature): FeatureKind {
  return f.t === 'GeoKeeperWorkItem' ? 'work' : f.t === 'GeoKeeperReference' ? 'ref' : 'record';
}

export function toGeoJSON(features: ReadonlyMap<string, FieldMapFeature>) {
  return {
    type: 'FeatureCollection' as const,
    features: [...features].map(([id, f]) => ({
      type: 'Feature' as const,
      id: Number(id.slice(id.lastIndexOf('-') + 1)),
      geometry: f.geometry,
      properties: { id, kind: kindOf(f), colour: workItemColour(f.workItem), label: f.label },
    })),
  };
}

/** The box around every coordinate, or null when there are none: [west, south, east, north]. */
export function boxOf(
  features: ReadonlyMap<string, FieldMapFeature>,
): [number, number, number, number] | null {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const visit = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number' && typeof c[1] === 'number') {
      w = Math.min(w, c[0]);
      e = Math.max(e, c[0]);
      s = Math.min(s, c[1]);
      n = Math.max(n, c[1]);
    } else for (const x of c) visit(x);
  };
  for (const f of features.values()) visit((f.geometry as { coordinates?: unknown } | null)?.coordinates);
  return Number.isFinite(w) ? [w, s, e, n] : null;
}
