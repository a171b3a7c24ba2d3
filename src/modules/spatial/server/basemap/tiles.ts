import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { basemapDataVersion, readBorders, readLand, readPlaces, type Place } from './world-data';

// The built-in basemap as vector tiles (z/x/y, Mapbox Vector Tile), cut on the server from the
// kept packages' GeoJSON with geojson-vt and written with vt-pbf, both MapLibre's own. A tile is
// made the first time someone asks for it, gzipped once and kept with its ETag; the map then
// holds it in the browser's HTTP cache. The first tile of a process reads the packages (a few
// seconds), every later one is a lookup. Both kinds of memory are bounded: the made tiles are a
// least-recently-used cache by count and bytes, and geojson-vt's indexes, which keep every tile
// they drill down to (measured: heap 109 MB → 316 MB after 40,000 tiles), are built again from
// the packages after TILES_CUT_MAX tiles (a few seconds, once in thousands of tiles). Resetting
// the indexes' insides to their first pass instead left the zoomed-out map all land
// (e2e/spatial-area-map.e2e.ts): their insides are not ours to rewrite.

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
/** Made tiles by z/x/y, least recently used first (a Map keeps insertion order). */
const cache = new Map<string, BasemapTile>();
let cacheBytes = 0;
let cutSinceBuild = 0;
/** Tiles kept at once (a territory's zooms are a few hundred; most tiles are a few hundred bytes). */
export const TILE_CACHE_MAX = 4000;
/** Bytes of gzipped tiles kept at once (a detailed tile is up to about 60 KB). */
export const TILE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Tiles cut from the indexes before they are built again: about 10 KB of index each, so some
 * 40 MB at most.
 */
export const TILES_CUT_MAX = 4000;
/** zlib's default: level 9 took longer for a few percent on tiles this small. */
const GZIP_LEVEL = 6;

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
  if (hit) {
    // Used again: now the newest.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  if (indexes && cutSinceBuild >= TILES_CUT_MAX) {
    // The old indexes and every tile they drilled to go; the next tile builds them afresh.
    indexes = null;
    cutSinceBuild = 0;
  }
  indexes ??= build();
  const ix = indexes;
  cutSinceBuild++;
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
  const gz = gzipSync(pbf, { level: GZIP_LEVEL });
  const etag = `"${createHash('sha1').update(ix.version).update(key).update(gz).digest('base64url').slice(0, 22)}"`;
  const tile = { gz, etag };
  cache.set(key, tile);
  cacheBytes += gz.length;
  for (const [k, old] of cache) {
    if (cache.size <= TILE_CACHE_MAX && cacheBytes <= TILE_CACHE_MAX_BYTES) break;
    cache.delete(k);
    cacheBytes -= old.gz.length;
  }
  return tile;
}

/** What the basemap holds in memory now: made tiles and their bytes, and tiles cut since the indexes were built. */
export function basemapMemory(): { tiles: number; bytes: number; cutSinceBuild: number } {
  return { tiles: cache.size, bytes: cacheBytes, cutSinceBuild: cutSinceBuild };
}
