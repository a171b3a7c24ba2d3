import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import parseDbf from 'parsedbf';
import proj4 from 'proj4';

// The records of one .shp parsed one at a time (shpjs's own record parser, which reprojects with
// proj4, without its step that turns every record into GeoJSON before the first is used): a big
// layer's geometries are never all in memory as objects, only the .shp's bytes. The .dbf rows
// are small and parsed whole by parsedbf.

interface ParseShpLike {
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
function loadParseShp() {
  if (!parseShpModule) {
    const require = createRequire(import.meta.url);
    // The CommonJS entry is dist/shp.js; the ES sources, record parser included, are in lib/.
    const lib = path.resolve(path.dirname(require.resolve('shpjs')), '..', 'lib');
    parseShpModule = import(pathToFileURL(path.join(lib, 'parseShp.js')).href) as Promise<ParseShpModule>;
  }
  return parseShpModule;
}

export async function* shpGeometries(shp: Uint8Array, prj: string | undefined): AsyncGenerator<unknown> {
  const { ParseShp } = await loadParseShp();
  const p = Object.create(ParseShp.prototype) as ParseShpLike;
  p.buffer = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  p.headers = p.parseHeader();
  p.shpFuncs(prj ? proj4(prj) : false);
  let offset = 100;
  const len = p.buffer.byteLength - 8;
  while (offset <= len) {
    const row = p.getRow(offset);
    if (!row) break;
    offset += 8 + row.len;
    yield row.type && row.data ? p.parseFunc(row.data) : null;
  }
}

export function dbfRows(dbf: Uint8Array, cpg: string | undefined): Record<string, unknown>[] {
  return parseDbf(new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength), cpg) as Record<string, unknown>[];
}
