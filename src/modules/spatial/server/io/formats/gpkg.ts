import { createRequire } from 'node:module';
import path from 'node:path';
import type { SqlJsStatic } from 'sql.js';

// sql.js (SQLite in WebAssembly, no native build), loaded once, for the GeoPackage reader and writer.

let sqlJs: Promise<SqlJsStatic> | null = null;

export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!sqlJs) {
    const require = createRequire(import.meta.url);
    const main = require.resolve('sql.js');
    const init = require('sql.js') as (o: { locateFile(f: string): string }) => Promise<SqlJsStatic>;
    sqlJs = init({ locateFile: (f) => path.join(path.dirname(main), f) });
  }
  return sqlJs;
}

/** GeoPackage's own SRS rows (spec 1.3 §1.1.2.1.1): every GeoPackage has them. */
export const GPKG_SRS_ROWS = [
  [
    'WGS 84 geodetic',
    4326,
    'EPSG',
    4326,
    'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]',
    'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid',
  ],
  ['Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'],
  ['Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'],
] as const;

/** The GeoPackage application id ("GPKG") and version 1.3 (user_version 10300). */
export const GPKG_APPLICATION_ID = 0x47504b47;
export const GPKG_USER_VERSION = 10300;
