import type * as MapLibreModule from 'maplibre-gl';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { builtinStyle } from './builtin-style';

// The map's basemap, the one function every map of the app starts from (spatial.map, the
// geometry editor and view: the consultation's drawing map, the proponent's form, the record's
// mini-map; GeoKeeper's map through ClientModule.basemap). In order: the site's style URL
// (MAP_STYLE_URL), a local PMTiles file (MAP_PMTILES_FILE, read by the `pmtiles` library through
// the server's range route), else the basemap shipped with the app (builtin-style.ts: tiles from
// our own server, so it works in an office with no network). An archive that cannot be read
// falls back to the built-in basemap; the plain background is left for a map whose basemap
// cannot load at all.

/** Where the server serves the configured PMTiles file (server/basemap/route.ts BASEMAP_PATH). */
export const BASEMAP_PMTILES_PATH = '/api/spatial/basemap.pmtiles';

export interface BasemapConfig {
  styleUrl: string | null;
  pmtiles: boolean;
}

/** Colours of the plain background, following the theme. */
export function plainStyle(dark: boolean): StyleSpecification {
  return {
    version: 8,
    sources: {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': dark ? '#1e2226' : '#eef1ec' } },
    ],
  };
}

let protocol: Promise<void> | null = null;

/** Registers the `pmtiles` protocol with MapLibre, once. */
function registerPmtiles(ml: typeof MapLibreModule) {
  protocol ??= import('pmtiles').then(({ Protocol }) => {
    ml.addProtocol('pmtiles', new Protocol().tile);
  });
  return protocol;
}

interface VectorLayerMeta {
  id: string;
}

/**
 * A style over the local PMTiles archive: a raster archive drawn as it is; a vector one with a
 * quiet fill, line and dot per layer its metadata lists (its own style is the styleUrl's job).
 */
export async function pmtilesStyle(ml: typeof MapLibreModule, dark: boolean): Promise<StyleSpecification> {
  await registerPmtiles(ml);
  const { PMTiles, TileType } = await import('pmtiles');
  const href = new URL(BASEMAP_PMTILES_PATH, window.location.href).href;
  const archive = new PMTiles(href);
  const header = await archive.getHeader();
  const url = `pmtiles://${href}`;
  const base = plainStyle(dark);
  if (header.tileType !== TileType.Mvt) {
    return {
      ...base,
      sources: { basemap: { type: 'raster', url, tileSize: 256 } },
      layers: [...base.layers, { id: 'basemap', type: 'raster', source: 'basemap' }],
    };
  }
  const meta = (await archive.getMetadata().catch(() => ({}))) as { vector_layers?: VectorLayerMeta[] };
  const ink = dark ? '#8b949e' : '#6b7a6b';
  const layers: LayerSpecification[] = (meta.vector_layers ?? []).flatMap((l): LayerSpecification[] => [
    {
      id: `bm-${l.id}-fill`,
      type: 'fill',
      source: 'basemap',
      'source-layer': l.id,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': ink, 'fill-opacity': 0.12 },
    },
    {
      id: `bm-${l.id}-line`,
      type: 'line',
      source: 'basemap',
      'source-layer': l.id,
      filter: ['==', ['geometry-type'], 'LineString'],
      paint: { 'line-color': ink, 'line-opacity': 0.5, 'line-width': 0.8 },
    },
  ]);
  return { ...base, sources: { basemap: { type: 'vector', url } }, layers: [...base.layers, ...layers] };
}

/** The basemap shipped with the app, for this page's server. */
export function defaultStyle(dark: boolean): StyleSpecification {
  return builtinStyle(dark, window.location.href);
}

/**
 * The style a map starts with: the configured style URL, else the local PMTiles basemap, else
 * (or when the archive cannot be read) the built-in basemap.
 */
export async function resolveBasemap(
  ml: typeof MapLibreModule,
  cfg: BasemapConfig | undefined,
  dark: boolean,
): Promise<StyleSpecification | string> {
  if (cfg?.styleUrl) return cfg.styleUrl;
  if (cfg?.pmtiles) {
    try {
      return await pmtilesStyle(ml, dark);
    } catch {
      return defaultStyle(dark);
    }
  }
  return defaultStyle(dark);
}

/**
 * A style URL that cannot be reached (an office offline) must not leave a map blank: the map
 * falls back, once, to the built-in basemap, and the caller's `style.load` draws on it.
 */
export function fallBackOnError(m: MapLibreModule.Map, dark: boolean) {
  let fellBack = false;
  m.on('error', () => {
    if (fellBack || m.isStyleLoaded()) return;
    fellBack = true;
    m.setStyle(defaultStyle(dark));
  });
}
