// Types of topojson-client (it ships none): only what world-data.ts calls.
declare module 'topojson-client' {
  export interface Topology {
    type: 'Topology';
    objects: Record<string, unknown>;
    arcs: unknown[];
  }
  export function feature(
    topology: Topology,
    object: unknown,
  ): GeoJSON.FeatureCollection | GeoJSON.Feature<GeoJSON.Geometry, Record<string, unknown>>;
  export function mesh(
    topology: Topology,
    object: unknown,
    filter?: (a: unknown, b: unknown) => boolean,
  ): GeoJSON.MultiLineString;
}
