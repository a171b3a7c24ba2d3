import type * as MapLibreModule from 'maplibre-gl';

// MapLibre, loaded only with a screen that draws a map (its ~250 KB gzip would double the
// start-up JavaScript). The worker is set by hand: bundlers do not follow MapLibre's own worker
// import, so Vite is asked for the worker file's URL (DESIGN §3 "maps").

type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | null = null;

/** MapLibre with its worker URL set, and its stylesheet on the page; loaded once. */
export function loadMapLibre(): Promise<MapLibre> {
  loading ??= Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]).then(([lib, worker]) => {
    const m = ((lib as { default?: MapLibre }).default ?? lib) as MapLibre;
    m.setWorkerUrl(worker.default);
    return m;
  });
  return loading;
}
