import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { basemapDataVersion, readBorders, readLand, readPlaces, type Place } from './world-data';

// The built-in basemap as vector tiles (z/x/y, Mapbox Vector Tile), cut on the server from the
// kept packages' GeoJSON with geojson-vt and written with vt-pbf, both MapLibre's own. A tile is
// made the first time someone asks for it, gzipped once and kept with its ETag; the map then
// holds it in the browser's HTTP cache. The first tile of a process reads the packages (a few
// seconds), every later one is a lookup.

/** The deepest tile cut: Natural Earth 1:10m holds no more detail; MapLibre overzooms it. */
export const BASEMAP_MAX_ZOOM = 10;

/** Layers of every tile, as the style names them (client/common/builtin-style.ts). */
export const BASEMAP_LAYERS = ['land', 'borders', 'places'] as const;

/**
 * Places by zoom: a world map names the largest cities only; a territory (zoom 8 and in) every
 * settlement of 1,000 people or more. Each band is its own index, so a tile carries only what its
 * zoom shows.
 */
export const PLACE_BANDS: { fromZoom: number; minPopulation: number }[] = [
  { fromZoom: 0, minPopulation: 2_000_000 },
  { fromZoom: 3, minPopulation: 500_000 },
  { fromZoom: 5, minPopulation: 100_000 },
  { fromZoom: 6, minPopulation: 20_000 },
  { fromZoom: 7, minPopulation: 5_000 },
  { fromZoom: 8, minPopulation: 0 },
];

export interface BasemapTile {
  /** The tile gzipped (an empty tile is a few bytes, still a tile). */
  gz: Buffer;
  etag: string;
}

interface Indexes {
  land: GeoJSONVT;
  borders: GeoJSONVT;
  places: GeoJSONVT[];
  version: string;
}

const vt = (features: GeoJSON.Feature[], maxZoom: number) =>
  new GeoJSONVT(
    { type: 'FeatureCollection', features },
    // Tolerance in tile units (of 4096): 3 keeps coasts smooth at each zoom.
    { maxZoom, indexMaxZoom: 4, tolerance: 3, extent: 4096, buffer: 64 },
  );

function placeFeatures(places: Place[], min: number, max: number): GeoJSON.Feature[] {
  return places
    .filter((p) => p.population >= min && p.population < max)
    .map((p) => ({
      type: 'Feature',
      properties: { name: p.name, population: p.population },
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
    }));
}

function build(): Indexes {
  const places = readPlaces();
  // A band holds the places that first show at its zoom; a tile takes its own and the bands above.
  const bands = PLACE_BANDS.map((b, i) =>
    vt(
      placeFeatures(places, b.minPopulation, PLACE_BANDS[i - 1]?.minPopulation ?? Infinity),
      BASEMAP_MAX_ZOOM,
    ),
  );
  return {
    land: vt(readLand(), BASEMAP_MAX_ZOOM),
    borders: vt(readBorders(), BASEMAP_MAX_ZOOM),
    places: bands,
    version: basemapDataVersion(),
  };
}

let indexes: Indexes | null = null;
const cache = new Map<string, BasemapTile>();
/** Tiles kept at once (a tile is 1–60 KB gzipped; a territory's zooms are a few hundred). */
const CACHE_MAX = 4000;

/** Whether z/x/y names a tile of the basemap. */
export function validTile(z: number, x: number, y: number): boolean {
  const n = 2 ** z;
  return (
    [z, x, y].every(Number.isInteger) && z >= 0 && z <= BASEMAP_MAX_ZOOM && x >= 0 && y >= 0 && x < n && y < n
  );
}

const EMPTY = { features: [] } as never;

/** The tile z/x/y (validTile first), gzipped, with its ETag. */
export function basemapTile(z: number, x: number, y: number): BasemapTile {
  const key = `${z}/${x}/${y}`;
  const hit = cache.get(key);
  if (hit) return hit;
  indexes ??= build();
  const ix = indexes;
  const places = PLACE_BANDS.flatMap((b, i) =>
    z >= b.fromZoom ? (ix.places[i]!.getTile(z, x, y)?.features ?? []) : [],
  );
  const pbf = fromGeojsonVt(
    {
      land: (ix.land.getTile(z, x, y) ?? EMPTY) as never,
      borders: (ix.borders.getTile(z, x, y) ?? EMPTY) as never,
      places: { features: places } as never,
    },
    { version: 2, extent: 4096 },
  );
  const gz = gzipSync(pbf, { level: 9 });
  const etag = `"${createHash('sha1').update(ix.version).update(key).update(gz).digest('base64url').slice(0, 22)}"`;
  const tile = { gz, etag };
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, tile);
  return tile;
}
