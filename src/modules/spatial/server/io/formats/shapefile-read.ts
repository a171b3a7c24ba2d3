import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import proj4 from 'proj4';
import {
  fileError,
  type RawFeature,
  type SourceFile,
  type SourceLayer,
  WHOLE_FILE_MAX_BYTES,
} from '../layers';
import { dbfRows, shpGeometries } from './shp-rows';

// A zipped shapefile (one or more layers: name.shp + name.dbf, name.prj, name.cpg): the zip is
// read and unzipped in memory (up to WHOLE_FILE_MAX_BYTES; docs/spatial-io.md "Limits"), then each
// .shp's records are parsed one at a time by shpjs's record parser, reprojected from the .prj
// with proj4 (shp-rows.ts), beside the .dbf's rows.

export async function readShapefileZip(src: SourceFile): Promise<SourceLayer[]> {
  if (src.size > WHOLE_FILE_MAX_BYTES)
    throw fileError('tooBig', src.name, src.name, `${src.size} bytes; at most ${WHOLE_FILE_MAX_BYTES}`);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(await readFile(src.path), {
      filter: (f) => !f.name.includes('__MACOSX') && /(\.(shp|dbf|prj|cpg)|(^|\/)fields\.txt)$/i.test(f.name),
    });
  } catch (e) {
    throw fileError('badZip', src.name, src.name, (e as Error).message);
  }
  const byLower = new Map(Object.keys(files).map((k) => [k.toLowerCase(), k]));
  const part = (base: string, ext: string) => {
    const k = byLower.get(`${base}.${ext}`.toLowerCase());
    return k ? files[k] : undefined;
  };
  const bases = Object.keys(files)
    .filter((k) => /\.shp$/i.test(k))
    .map((k) => k.slice(0, -4));
  if (!bases.length) throw fileError('noLayers', src.name, '.shp');
  const longNames = fieldNames(files);
  const layers: SourceLayer[] = [];
  for (const base of bases) {
    const short = base.replace(/^.*\//, '');
    const shp = part(base, 'shp')!;
    const dbf = part(base, 'dbf');
    if (!dbf) throw fileError('partMissing', src.name, `${short}.dbf`);
    const prjBytes = part(base, 'prj');
    const prj = prjBytes ? new TextDecoder().decode(prjBytes) : undefined;
    if (prj) {
      try {
        proj4(prj);
      } catch (e) {
        throw fileError('badProjection', src.name, `${short}.prj`, String((e as Error)?.message ?? e));
      }
    }
    if (shp.length < 100) throw fileError('badPart', src.name, `${short}.shp`, 'no header');
    const cpg = part(base, 'cpg');
    let rows: Record<string, unknown>[];
    try {
      rows = dbfRows(dbf, cpg ? new TextDecoder().decode(cpg) : undefined);
    } catch (e) {
      throw fileError('badPart', src.name, `${short}.dbf`, (e as Error).message);
    }
    const features = records(src.name, short, shp, prj, rows, longNames);
    layers.push({ name: short, features });
  }
  return layers;
}

/**
 * Our own exports' fields.txt ("short<TAB>attribute" per line): the full attribute names a
 * 10-character dBase field stood for, so a round trip keeps them.
 */
function fieldNames(files: Record<string, Uint8Array>): Map<string, string> | null {
  const key = Object.keys(files).find((k) => /(^|\/)fields\.txt$/i.test(k));
  if (!key) return null;
  const lines = new TextDecoder().decode(files[key]).split(/\r?\n/);
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
  shp: Uint8Array,
  prj: string | undefined,
  rows: Record<string, unknown>[],
  longNames: Map<string, string> | null,
): AsyncGenerator<RawFeature> {
  let i = 0;
  try {
    for await (const geometry of shpGeometries(shp, prj)) {
      const props = rows[i++] ?? {};
      yield { geometry, properties: longNames ? renamed(props, longNames) : props };
    }
  } catch (e) {
    throw fileError('badPart', file, `${short}.shp`, (e as Error).message);
  }
}
