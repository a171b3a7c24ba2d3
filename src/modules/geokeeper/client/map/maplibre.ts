import type * as MapLibreModule from 'maplibre-gl';

// MapLibre, loaded only with the field data map (as spatial's map loads it; a module's client
// half cannot import another's): its worker URL set by hand, its stylesheet on the page.

type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | null = null;

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
