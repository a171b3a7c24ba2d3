import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// shpjs's own record parser (which reprojects with proj4), without its step that turns every
// record into GeoJSON before the first is used: shp-files.ts feeds it one record at a time.

export interface ParseShpLike {
  buffer: DataView;
  headers: { shpCode: number };
  shpFuncs(trans: unknown): void;
  parseHeader(): { shpCode: number };
  getRow(offset: number): { len: number; type: number; data?: DataView } | undefined;
  parseFunc(data: DataView): unknown;
}

type ParseShpModule = { ParseShp: { prototype: ParseShpLike } };
let parseShpModule: Promise<ParseShpModule> | null = null;

/** shpjs exports only its package root: its record parser is loaded by its file. */
export function loadParseShp() {
  if (!parseShpModule) {
    const require = createRequire(import.meta.url);
    // The CommonJS entry is dist/shp.js; the ES sources, record parser included, are in lib/.
    const lib = path.resolve(path.dirname(require.resolve('shpjs')), '..', 'lib');
    parseShpModule = import(pathToFileURL(path.join(lib, 'parseShp.js')).href) as Promise<ParseShpModule>;
  }
  return parseShpModule;
}
