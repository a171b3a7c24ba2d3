import type { Geometry, Position } from '../../../kernel/geometry';

// Whether a drawn project area meets another shape (the intake check, intake-check.ts): the
// overlay's test (spatial/server/overlay/geometry.ts `measure`: two shapes meet when a segment of
// one crosses or touches a segment of the other, or a point of one lies inside a polygon of the
// other) without its distances and overlaps, which the check does not need. The spatial module
// builds on this one (its manifest requires consult), so consult cannot import its code; the
// test is planar in degrees, which is exact for "do they meet" at any scale a referral has.

type XY = readonly [number, number];
type Seg = readonly [XY, XY];
interface Part {
  segs: Seg[];
  /** Polygon rings (outer first, then holes); empty for points and lines. */
  rings: XY[][];
  first: XY;
  box: [number, number, number, number];
}

const xy = (p: Position): XY => [p[0]!, p[1]!];

/** The single parts of a geometry: each point, line or polygon (multi-geometries split). */
function partsOf(g: Geometry): Part[] {
  const out: Part[] = [];
  const add = (lines: XY[][], polygon: boolean) => {
    const segs: Seg[] = [];
    let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const l of lines) {
      if (l.length === 1) segs.push([l[0]!, l[0]!]);
      for (let i = 1; i < l.length; i++) segs.push([l[i - 1]!, l[i]!]);
      for (const [x, y] of l) {
        w = Math.min(w, x);
        e = Math.max(e, x);
        s = Math.min(s, y);
        n = Math.max(n, y);
      }
    }
    const first = lines[0]?.[0];
    if (first) out.push({ segs, rings: polygon ? lines : [], first, box: [w, s, e, n] });
  };
  const c = g.coordinates as unknown;
  switch (g.type) {
    case 'Point':
      add([[xy(c as Position)]], false);
      break;
    case 'MultiPoint':
      for (const p of c as Position[]) add([[xy(p)]], false);
      break;
    case 'LineString':
      add([(c as Position[]).map(xy)], false);
      break;
    case 'MultiLineString':
      for (const l of c as Position[][]) add([l.map(xy)], false);
      break;
    case 'Polygon':
      add(
        (c as Position[][]).map((r) => r.map(xy)),
        true,
      );
      break;
    case 'MultiPolygon':
      for (const poly of c as Position[][][])
        add(
          poly.map((r) => r.map(xy)),
          true,
        );
      break;
    default:
      break;
  }
  return out;
}

const cross = (o: XY, a: XY, b: XY) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const onSeg = (p: XY, [a, b]: Seg) =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);

/** Do two segments cross or touch (a shared point is touching)? */
function segsMeet(s: Seg, t: Seg): boolean {
  const d1 = cross(t[0], t[1], s[0]);
  const d2 = cross(t[0], t[1], s[1]);
  const d3 = cross(s[0], s[1], t[0]);
  const d4 = cross(s[0], s[1], t[1]);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSeg(s[0], t)) ||
    (d2 === 0 && onSeg(s[1], t)) ||
    (d3 === 0 && onSeg(t[0], s)) ||
    (d4 === 0 && onSeg(t[1], s))
  );
}

/** Is the point inside the polygon (its outer ring, not in a hole)? Even-odd over every ring. */
function inside(p: XY, rings: readonly XY[][]): boolean {
  let odd = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
}

const boxesMeet = (a: Part['box'], b: Part['box']) =>
  !(a[0] > b[2] || a[2] < b[0] || a[1] > b[3] || a[3] < b[1]);

function partsMeet(a: Part, b: Part): boolean {
  if (!boxesMeet(a.box, b.box)) return false;
  if (a.rings.length && inside(b.first, a.rings)) return true;
  if (b.rings.length && inside(a.first, b.rings)) return true;
  for (const s of a.segs) for (const t of b.segs) if (segsMeet(s, t)) return true;
  return false;
}

/** Does any part of the drawn area meet any part of `other` (touching counts)? */
export function areasMeet(area: readonly Geometry[], other: Geometry | null | undefined): boolean {
  if (!other || typeof other !== 'object') return false;
  const theirs = partsOf(other);
  for (const g of area) for (const a of partsOf(g)) for (const b of theirs) if (partsMeet(a, b)) return true;
  return false;
}
