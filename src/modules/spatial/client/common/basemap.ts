import type * as MapLibreModule from 'maplibre-gl';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

// The map's basemap (ServerConfig.mapStyleUrl / mapPmtilesFile, sent as config.map). With
// neither, or with tiles out of reach (a community office offline), the map is a plain
// background the features are drawn on: the map must work with no network at all. A local
// PMTiles file is read by the `pmtiles` library (loaded with the map, never at start-up) through
// the server's range route (server/basemap/route.ts, signed-in only).

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

/**
 * The style a map starts with: the configured style URL, else the local PMTiles basemap, else
 * (or when the archive cannot be read) the plain background.
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
      return plainStyle(dark);
    }
  }
  return plainStyle(dark);
}
