import { readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import proj4 from 'proj4';
import { TaskError, ZipLimitError } from '../../../../../server/module-api';
import { fileError, type RawFeature, type SourceFile, type SourceLayer } from '../layers';
import { projectionName } from './projection-name';
import { dbfFileRows, isWgs84, ShpRecordTooBig, shpFileGeometries } from './shp-files';
import { unzipToDisk } from './zip-to-disk';

// A zipped shapefile (one or more layers: name.shp + name.dbf, name.prj, name.cpg): the zip's
// parts are inflated to a folder beside the upload as they are read (zip-to-disk.ts), then each
// layer's .shp records and .dbf rows are read from disk side by side, one at a time
// (shp-files.ts), reprojected from the .prj with proj4. No part is ever whole in memory, so a
// 100 MB shapefile streams (issue 15 "Import"; the bench's +420 MB came from holding it whole).

/**
 * The side parts read whole as text, each with the most it may hold: a .prj is a projection's
 * WKT (a few KB; 64 KB leaves room for long TOWGS84 and vendor extras), a .cpg names a code page
 * (a few bytes), our own fields.txt is a line per dBase field (255 fields of long names). A part
 * larger than that is no such part, and is refused before it is read (issue 36).
 */
export const SIDE_PART_MAX_BYTES = { prj: 64 * 1024, cpg: 1024, txt: 1024 * 1024 } as const;

const PART = /(\.(shp|dbf|prj|cpg)|(^|\/)fields\.txt)$/i;

export async function readShapefileZip(src: SourceFile): Promise<SourceLayer[] & { close(): Promise<void> }> {
  const dir = `${src.path}.parts`;
  // Removed off the event loop: unlinking a big inflated part is slow on some disks.
  const close = () => rm(dir, { recursive: true, force: true });
  let files: Map<string, string>;
  try {
    files = await unzipToDisk(src.path, dir, (n) => !n.includes('__MACOSX') && PART.test(n), src.onBytes);
  } catch (e) {
    await close();
    if (e instanceof ZipLimitError) throw fileError('zipTooBig', src.name, src.name, e.message);
    throw fileError('badZip', src.name, src.name, (e as Error).message);
  }
  try {
    return Object.assign(layersOf(src, files), { close });
  } catch (e) {
    await close();
    throw e;
  }
}

function layersOf(src: SourceFile, files: Map<string, string>): SourceLayer[] {
  const byLower = new Map([...files.keys()].map((k) => [k.toLowerCase(), k]));
  const part = (base: string, ext: string) => {
    const k = byLower.get(`${base}.${ext}`.toLowerCase());
    return k ? files.get(k) : undefined;
  };
  const text = (file: string | undefined, part: string, kind: keyof typeof SIDE_PART_MAX_BYTES) => {
    if (!file) return undefined;
    const max = SIDE_PART_MAX_BYTES[kind];
    const size = statSync(file).size;
    if (size > max) throw fileError('partTooBig', src.name, part, `${size} bytes; at most ${max}`);
    return readFileSync(file, 'utf8');
  };
  const bases = [...files.keys()].filter((k) => /\.shp$/i.test(k)).map((k) => k.slice(0, -4));
  if (!bases.length) throw fileError('noLayers', src.name, '.shp');
  const fieldsTxt = [...files.keys()].find((k) => /(^|\/)fields\.txt$/i.test(k));
  const longNames = fieldNames(text(fieldsTxt && files.get(fieldsTxt), 'fields.txt', 'txt'));
  const layers: SourceLayer[] = [];
  for (const base of bases) {
    const short = base.replace(/^.*\//, '');
    const shp = part(base, 'shp')!;
    const dbf = part(base, 'dbf');
    if (!dbf) throw fileError('partMissing', src.name, `${short}.dbf`);
    const prj = text(part(base, 'prj'), `${short}.prj`, 'prj');
    if (prj) {
      try {
        proj4(prj);
      } catch (e) {
        throw fileError('badProjection', src.name, `${short}.prj`, String((e as Error)?.message ?? e));
      }
    }
    const cpg = text(part(base, 'cpg'), `${short}.cpg`, 'cpg');
    layers.push({
      name: short,
      features: records(src.name, short, shp, dbf, prj, cpg, longNames),
      projection: prj ? (isWgs84(prj) ? undefined : (projectionName(prj) ?? `${short}.prj`)) : null,
    });
  }
  return layers;
}

/**
 * Our own exports' fields.txt ("short<TAB>attribute" per line): the full attribute names a
 * 10-character dBase field stood for, so a round trip keeps them.
 */
function fieldNames(text: string | undefined): Map<string, string> | null {
  if (text === undefined) return null;
  const lines = text.split(/\r?\n/);
  if (lines[0] !== 'short\tattribute') return null;
  const out = new Map<string, string>();
  for (const l of lines.slice(1)) {
    const [short, full] = l.split('\t');
    if (short && full) out.set(short, full);
  }
  return out;
}

function renamed(p: Record<string, unknown> | null, names: Map<string, string>) {
  if (!p) return p;
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [names.get(k) ?? k, v]));
}

async function* records(
  file: string,
  short: string,
  shp: string,
  dbf: string,
  prj: string | undefined,
  cpg: string | undefined,
  longNames: Map<string, string> | null,
): AsyncGenerator<RawFeature> {
  let rows: Generator<Record<string, unknown>>;
  try {
    rows = dbfFileRows(dbf, cpg);
  } catch (e) {
    throw fileError('badPart', file, `${short}.dbf`, (e as Error).message);
  }
  const nextRow = () => {
    try {
      return rows.next().value ?? {};
    } catch (e) {
      throw fileError('badPart', file, `${short}.dbf`, (e as Error).message);
    }
  };
  try {
    for await (const geometry of shpFileGeometries(shp, prj)) {
      const props = nextRow();
      yield { geometry, properties: longNames ? renamed(props, longNames) : props };
    }
  } catch (e) {
    if (e instanceof TaskError) throw e;
    if (e instanceof ShpRecordTooBig) throw fileError('featureTooBig', file, `${short}.shp`, e.message);
    throw fileError('badPart', file, `${short}.shp`, (e as Error).message);
  } finally {
    rows.return(undefined);
  }
}
