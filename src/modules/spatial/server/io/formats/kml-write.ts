import type { Geometry } from '../../../../../kernel/geometry';

// A small KML 2.2 writer (no tokml): one Placemark per feature, its attributes as ExtendedData,
// Multi forms as MultiGeometry. Written piece by piece, so the export streams.

export const KML_HEAD = (name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xml(name)}</name>\n`;
export const KML_TAIL = '</Document></kml>\n';

export function xml(s: string): string {
  // Characters XML 1.0 forbids are dropped; the five specials are escaped.
  return (
    s
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(
        /[<>&'"]/g,
        (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
      )
  );
}

const pos = (c: number[]) => c.slice(0, 3).join(',');
const line = (cs: number[][]) => `<coordinates>${cs.map(pos).join(' ')}</coordinates>`;
const ring = (cs: number[][]) => `<LinearRing>${line(cs)}</LinearRing>`;
const polygon = (rings: number[][][]) =>
  `<Polygon><outerBoundaryIs>${ring(rings[0] ?? [])}</outerBoundaryIs>${rings
    .slice(1)
    .map((r) => `<innerBoundaryIs>${ring(r)}</innerBoundaryIs>`)
    .join('')}</Polygon>`;

export function kmlGeometry(g: Geometry): string {
  const c = g.coordinates as never;
  switch (g.type) {
    case 'Point':
      return `<Point><coordinates>${pos(c)}</coordinates></Point>`;
    case 'LineString':
      return `<LineString>${line(c)}</LineString>`;
    case 'Polygon':
      return polygon(c);
    case 'MultiPoint':
      return `<MultiGeometry>${(c as number[][]).map((p) => `<Point><coordinates>${pos(p)}</coordinates></Point>`).join('')}</MultiGeometry>`;
    case 'MultiLineString':
      return `<MultiGeometry>${(c as number[][][]).map((l) => `<LineString>${line(l)}</LineString>`).join('')}</MultiGeometry>`;
    case 'MultiPolygon':
      return `<MultiGeometry>${(c as number[][][][]).map(polygon).join('')}</MultiGeometry>`;
  }
}

export function kmlPlacemark(name: string, props: Record<string, unknown>, g: Geometry): string {
  const data = Object.entries(props)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(
      ([k, v]) =>
        `<Data name="${xml(k)}"><value>${xml(typeof v === 'object' ? JSON.stringify(v) : String(v))}</value></Data>`,
    )
    .join('');
  return `<Placemark><name>${xml(name)}</name>${data ? `<ExtendedData>${data}</ExtendedData>` : ''}${kmlGeometry(g)}</Placemark>\n`;
}
