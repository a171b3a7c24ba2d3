// The shapefile reader the export test opens its file with (spatial's io declares it for its
// server half, which the tests' project does not include).
declare module 'shpjs' {
  export function getShapefile(parts: { shp: Uint8Array; dbf?: Uint8Array }): Promise<unknown>;
}
