import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Geometry } from '../../../kernel/geometry';
import { writeGeoPackage } from '../server/io/formats/gpkg-write';
import { KML_HEAD, KML_TAIL, kmlPlacemark } from '../server/io/formats/kml-write';
import { writeShapefileZip } from '../../../server/module-api';

// GIS files made in the tests, small and readable: the same few places in every format, some
// with something wrong that the import must skip and say why.

export interface Place {
  geometry: Geometry | null;
  properties: Record<string, unknown>;
}

export const square = (x: number, y: number, d = 0.01): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x, y + d],
      [x + d, y + d],
      [x + d, y],
      [x, y],
    ],
  ],
});

/** Three good places near Riverbend (invented), a point, a line and a polygon. */
export const PLACES: Place[] = [
  {
    geometry: { type: 'Point', coordinates: [-101.25, 53.5] },
    properties: { name: 'Berry patch', season: 'summer', visits: 12 },
  },
  {
    geometry: {
      type: 'LineString',
      coordinates: [
        [-101.3, 53.4],
        [-101.28, 53.42],
        [-101.25, 53.43],
      ],
    },
    properties: { name: 'Trap line 4', season: 'winter', visits: 3 },
  },
  { geometry: square(-101.2, 53.45), properties: { name: 'Camp', season: 'fall', visits: 7 } },
];

export function geojson(places: Place[]): Uint8Array {
  return strToU8(
    JSON.stringify({
      type: 'FeatureCollection',
      name: 'places',
      features: places.map((p) => ({ type: 'Feature', geometry: p.geometry, properties: p.properties })),
    }),
  );
}

export function kml(places: Place[]): Uint8Array {
  const body = places
    .filter((p) => p.geometry)
    .map((p) => kmlPlacemark(String(p.properties.name ?? ''), p.properties, p.geometry!))
    .join('');
  return strToU8(KML_HEAD('places') + body + KML_TAIL);
}

export function kmz(places: Place[]): Uint8Array {
  return zipSync({ 'doc.kml': kml(places) });
}

export function gpx(): Uint8Array {
  return strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="53.5" lon="-101.25"><name>Berry patch</name><desc>summer</desc></wpt>
  <trk><name>Trap line 4</name><trkseg>
    <trkpt lat="53.4" lon="-101.3"><time>2026-01-01T10:00:00Z</time></trkpt>
    <trkpt lat="53.42" lon="-101.28"><time>2026-01-01T10:10:00Z</time></trkpt>
    <trkpt lat="53.43" lon="-101.25"><time>2026-01-01T10:20:00Z</time></trkpt>
  </trkseg></trk>
</gpx>`);
}

export function shapefile(places: Place[], name = 'places'): Uint8Array {
  return writeShapefileZip(
    name,
    places.filter((p) => p.geometry).map((p) => ({ geometry: p.geometry!, properties: p.properties })),
  );
}

export async function geopackage(places: Place[]): Promise<Uint8Array> {
  return writeGeoPackage(
    'places',
    places.filter((p) => p.geometry).map((p) => ({ geometry: p.geometry!, properties: p.properties })),
  );
}

/** WGS 84 / UTM zone 10N (EPSG:32610) as an ESRI .prj holds it. */
export const UTM10N_PRJ =
  'PROJCS["WGS_1984_UTM_Zone_10N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-123.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

/** Replaces every .prj of a zipped shapefile (its coordinates are then read in that system). */
export function withPrj(zip: Uint8Array, prj: string, drop: RegExp | null = null): Uint8Array {
  const files = unzipSync(zip);
  for (const k of Object.keys(files)) {
    if (k.endsWith('.prj')) files[k] = strToU8(prj);
    if (drop?.test(k)) delete files[k];
  }
  return zipSync(files);
}

/** A zipped shapefile with the part matching `part` cut to its first `bytes` bytes. */
export function cutPart(zip: Uint8Array, part: RegExp, bytes: number): Uint8Array {
  const files = unzipSync(zip);
  for (const k of Object.keys(files)) if (part.test(k)) files[k] = files[k]!.slice(0, bytes);
  return zipSync(files);
}
