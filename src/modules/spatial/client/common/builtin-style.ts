import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';

// The basemap shipped with the app (server/basemap/tiles.ts): Natural Earth land and country
// borders and GeoNames' places, as vector tiles from our own server. Water is the background the
// land leaves. No `glyphs`: MapLibre then draws the place names with the device's own fonts
// (TinySDF), so nothing is fetched from outside and any script the device can show is named.
// Colours keep the places' own palette (map-style.ts) readable on both themes.

/** The tiles' URL template (server/basemap/tile-route.ts BASEMAP_TILES_PATH). */
export const BASEMAP_TILES = '/api/spatial/basemap/tiles/{z}/{x}/{y}.pbf';
/** The deepest tile the server cuts (tiles.ts BASEMAP_MAX_ZOOM); deeper zooms overzoom it. */
const MAX_ZOOM = 10;

export const BUILTIN_ATTRIBUTION = 'Natural Earth · GeoNames (CC BY 4.0)';

interface Palette {
  water: string;
  land: string;
  border: string;
  dot: string;
  text: string;
  halo: string;
}

export const BUILTIN_PALETTES: Record<'light' | 'dark', Palette> = {
  light: {
    water: '#c9dde8',
    land: '#eef1ec',
    border: '#8a7f95',
    dot: '#4a4f55',
    text: '#2b2f33',
    halo: '#ffffff',
  },
  dark: {
    water: '#0f2233',
    land: '#1e2226',
    border: '#8b8299',
    dot: '#b9c0c7',
    text: '#dde2e6',
    halo: '#0d1114',
  },
};

/** The built-in basemap's style, light or dark; `origin` makes the tile URL absolute (the worker needs it). */
export function builtinStyle(dark: boolean, origin: string): StyleSpecification {
  const c = BUILTIN_PALETTES[dark ? 'dark' : 'light'];
  const pop: ExpressionSpecification = ['get', 'population'];
  return {
    version: 8,
    sources: {
      basemap: {
        type: 'vector',
        tiles: [`${new URL(origin).origin}${BASEMAP_TILES}`],
        maxzoom: MAX_ZOOM,
        attribution: BUILTIN_ATTRIBUTION,
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': c.water } },
      {
        id: 'bm-land',
        type: 'fill',
        source: 'basemap',
        'source-layer': 'land',
        paint: { 'fill-color': c.land },
      },
      {
        id: 'bm-borders',
        type: 'line',
        source: 'basemap',
        'source-layer': 'borders',
        paint: {
          'line-color': c.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'bm-place-dots',
        type: 'circle',
        source: 'basemap',
        'source-layer': 'places',
        minzoom: 4,
        paint: {
          'circle-color': c.dot,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 1.5, 10, 3],
          'circle-stroke-color': c.halo,
          'circle-stroke-width': 1,
        },
      },
      {
        id: 'bm-place-names',
        type: 'symbol',
        source: 'basemap',
        'source-layer': 'places',
        layout: {
          'text-field': ['get', 'name'],
          'text-font': ['sans-serif'],
          // Larger towns larger, and placed first where names collide.
          'text-size': ['interpolate', ['linear'], ['ln', ['max', 1000, pop]], 6.9, 11, 16, 15],
          'symbol-sort-key': ['-', 0, pop],
          'text-variable-anchor': ['left', 'right', 'top', 'bottom'],
          'text-radial-offset': 0.5,
          'text-max-width': 8,
        },
        paint: { 'text-color': c.text, 'text-halo-color': c.halo, 'text-halo-width': 1.4 },
      },
    ],
  };
}
