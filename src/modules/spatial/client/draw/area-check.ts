import type { Geometry } from '../../../../kernel/geometry';
import { measure, viewBox } from './geometry-model';

// Whether a drawn, pasted or dropped shape is plausible where it is (issue 37: a polygon drawn on
// the old world map measured 1,632,024 km²). A warning, never a block: a referral may cover a
// long corridor, or lie beyond the community's mapped places.

export type BBox = [number, number, number, number];

/** The default largest plausible area (km²) when the site sets none (MAP_AREA_WARN_KM2). */
export const DEFAULT_AREA_WARN_KM2 = 10_000;

export type AreaWarning =
  { key: 'tooLarge'; km2: number; max: number } | { key: 'outsideBounds' } | { key: 'outsideTerritory' };

const inside = (b: BBox, outer: BBox) =>
  b[0] >= outer[0] && b[1] >= outer[1] && b[2] <= outer[2] && b[3] <= outer[3];
const overlaps = (a: BBox, b: BBox) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/**
 * The warnings of a shape: larger than the site's threshold (areas only); not within the site's
 * bounds (defaultBounds); nowhere near the community's own places (their box, widened by half
 * its size each way, since a project beside the territory is a real referral).
 */
export function areaWarnings(
  g: Geometry,
  o: { bounds: BBox; territory: BBox | null; maxKm2: number },
): AreaWarning[] {
  const out: AreaWarning[] = [];
  const m = measure(g);
  const km2 = m.size / 1_000_000;
  if (m.kind === 'area' && km2 > o.maxKm2) out.push({ key: 'tooLarge', km2: Math.round(km2), max: o.maxKm2 });
  const box = viewBox(g);
  if (!inside(box, o.bounds)) out.push({ key: 'outsideBounds' });
  else if (o.territory) {
    const [w, s, e, n] = o.territory;
    const dx = Math.max((e - w) / 2, 0.5);
    const dy = Math.max((n - s) / 2, 0.5);
    if (!overlaps(box, [w - dx, s - dy, e + dx, n + dy])) out.push({ key: 'outsideTerritory' });
  }
  return out;
}
