import { strToU8, zipSync } from 'fflate';
import { write } from '@mapbox/shp-write';
import type { Geometry } from '../../kernel/geometry';

// A zipped shapefile (spatial's exportFeatures, GeoKeeper's field data export) through @mapbox/shp-write's record writer (its own zip() puts every line
// into one record and lets a MultiPolygon layer overwrite the Polygon one): one .shp/.shx/.dbf/.prj set per geometry kind
// (points, lines, polygons), WGS 84. dBase field names are at most 10 characters: each attribute
// gets a unique short name, and fields.txt in the zip maps short names back to the full ones.
// The zip is built in memory (export limit). A MultiPoint is written as its points.

export interface ShpFeature {
  geometry: Geometry;
  properties: Record<string, unknown>;
}

/** Unique 10-character dBase names for the attribute keys, in order ("description" → "descriptio", then "descript_2"). */
export function shortFieldNames(keys: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const key of keys) {
    const clean = key.replace(/[^A-Za-z0-9_]/g, '_') || 'field';
    let name = clean.slice(0, 10);
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`;
      name = clean.slice(0, 10 - suffix.length) + suffix;
    }
    used.add(name.toLowerCase());
    out.set(key, name);
  }
  return out;
}

type Kind = 'POINT' | 'POLYLINE' | 'POLYGON';

/** shp-write's low-level geometry per record: a position, or the list of parts (rings, lines). */
function recordOf(g: Geometry): [Kind, unknown][] {
  const c = g.coordinates as never;
  switch (g.type) {
    case 'Point':
      return [['POINT', c]];
    case 'MultiPoint':
      return (c as number[][]).map((p) => ['POINT', p]);
    case 'LineString':
      return [['POLYLINE', [c]]];
    case 'MultiLineString':
      return [['POLYLINE', c]];
    case 'Polygon':
      return [['POLYGON', c]];
    case 'MultiPolygon':
      return [['POLYGON', c]];
  }
}

const SUFFIX: Record<Kind, string> = { POINT: 'points', POLYLINE: 'lines', POLYGON: 'polygons' };

export function writeShapefileZip(name: string, features: ShpFeature[]): Uint8Array {
  const keys = [...new Set(features.flatMap((f) => Object.keys(f.properties)))];
  const names = shortFieldNames(keys);
  const groups: Record<Kind, { rows: Record<string, unknown>[]; geometries: unknown[] }> = {
    POINT: { rows: [], geometries: [] },
    POLYLINE: { rows: [], geometries: [] },
    POLYGON: { rows: [], geometries: [] },
  };
  for (const f of features) {
    const props: Record<string, unknown> = {};
    for (const k of keys) {
      const v = f.properties[k];
      // dBase has no "absent": an empty text keeps the column's type for the others.
      props[names.get(k)!] =
        v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v;
    }
    for (const [kind, geometry] of recordOf(f.geometry)) {
      groups[kind].rows.push(props);
      groups[kind].geometries.push(geometry);
    }
  }
  const base = name.replace(/[^A-Za-z0-9_-]/g, '_') || 'features';
  const files: Record<string, Uint8Array> = {};
  const bytes = (v: DataView) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  for (const kind of Object.keys(groups) as Kind[]) {
    const g = groups[kind];
    if (!g.rows.length) continue;
    const file = `${base}_${SUFFIX[kind]}`;
    write(g.rows, kind, g.geometries, (_err, out) => {
      files[`${file}.shp`] = bytes(out.shp);
      files[`${file}.shx`] = bytes(out.shx);
      files[`${file}.dbf`] = bytes(out.dbf);
      files[`${file}.prj`] = strToU8(out.prj);
      files[`${file}.cpg`] = strToU8('UTF-8');
    });
  }
  const mapping = ['short\tattribute', ...[...names].map(([full, short]) => `${short}\t${full}`)].join('\n');
  files['fields.txt'] = strToU8(mapping + '\n');
  return zipSync(files, { level: 6 });
}
