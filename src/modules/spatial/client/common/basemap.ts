import type { StyleSpecification } from 'maplibre-gl';

// The map's basemap (ServerConfig.mapStyleUrl / mapPmtilesFile, sent as config.map). With
// neither, or with tiles out of reach (a community office offline), the map is a plain
// background the features are drawn on: the map must work with no network at all.

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

/** The style to start the map with: the configured URL, else the plain background. */
export function basemapStyle(cfg: BasemapConfig | undefined, dark: boolean): StyleSpecification | string {
  if (cfg?.styleUrl) return cfg.styleUrl;
  return plainStyle(dark);
}
