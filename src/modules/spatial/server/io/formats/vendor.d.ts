// Types of the GIS libraries that ship none (only what the io readers and writers call).
declare module 'shpjs' {
  export function getShapefile(parts: {
    shp: Uint8Array;
    dbf?: Uint8Array;
    prj?: string;
    cpg?: string;
  }): Promise<unknown>;
}

declare module '@mapbox/shp-write' {
  export function write(
    rows: Record<string, unknown>[],
    geometryType: 'POINT' | 'POLYLINE' | 'POLYGON',
    geometries: unknown[],
    callback: (err: null, files: { shp: DataView; shx: DataView; dbf: DataView; prj: string }) => void,
  ): void;
}

declare module 'parsedbf' {
  export default function parseDbf(dbf: DataView, encoding?: string): unknown[];
}
