import { readFile } from 'node:fs/promises';
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import {
  fileError,
  type RawFeature,
  type SourceFile,
  type SourceLayer,
  WHOLE_FILE_MAX_BYTES,
} from '../layers';

// KML, KMZ (a zip holding doc.kml) and GPX through @tmcw/togeojson on an @xmldom/xmldom document.
// XML is parsed whole: these files are read into memory, up to WHOLE_FILE_MAX_BYTES
// (docs/spatial-io.md "Limits"). A MultiGeometry of one kind becomes its Multi form.

type Doc = Parameters<typeof kml>[0];

function rootName(doc: Doc): string {
  return (
    (doc as unknown as { documentElement?: { nodeName: string } }).documentElement?.nodeName ?? ''
  ).replace(/^.*:/, '');
}

function parseXml(src: SourceFile, part: string, text: string): Doc {
  let fatal: string | null = null;
  let doc;
  try {
    doc = new DOMParser({
      onError: (level: string, msg: string) => {
        if (level === 'fatalError' || level === 'error') fatal ??= msg;
      },
    }).parseFromString(text, 'text/xml');
  } catch (e) {
    // xmldom throws its ParseError after reporting a fatal one.
    throw fileError('badXml', src.name, part, fatal ?? (e as Error).message);
  }
  if (fatal || !doc?.documentElement) throw fileError('badXml', src.name, part, fatal ?? 'no document');
  return doc as unknown as Doc;
}

async function wholeFile(src: SourceFile): Promise<Buffer> {
  if (src.size > WHOLE_FILE_MAX_BYTES)
    throw fileError('tooBig', src.name, src.name, `${src.size} bytes; at most ${WHOLE_FILE_MAX_BYTES}`);
  return readFile(src.path);
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '');

export async function readKml(src: SourceFile): Promise<SourceLayer[]> {
  const text = (await wholeFile(src)).toString('utf8');
  const doc = parseXml(src, src.name, text);
  if (rootName(doc) !== 'kml') throw fileError('badXml', src.name, src.name, 'no <kml> root');
  return [{ name: baseName(src.name), features: fromCollection(kml(doc)) }];
}

export async function readKmz(src: SourceFile): Promise<SourceLayer[]> {
  const bytes = await wholeFile(src);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => /\.kml$/i.test(f.name) && !f.name.startsWith('__MACOSX') });
  } catch (e) {
    throw fileError('badZip', src.name, src.name, (e as Error).message);
  }
  const names = Object.keys(files).sort((a, b) => (a === 'doc.kml' ? -1 : b === 'doc.kml' ? 1 : 0));
  if (!names.length) throw fileError('partMissing', src.name, 'doc.kml');
  return names.map((n) => {
    const doc = parseXml(src, n, new TextDecoder().decode(files[n]));
    return {
      name: names.length === 1 ? baseName(src.name) : baseName(n),
      features: fromCollection(kml(doc)),
    };
  });
}

export async function readGpx(src: SourceFile): Promise<SourceLayer[]> {
  const doc = parseXml(src, src.name, (await wholeFile(src)).toString('utf8'));
  if (rootName(doc) !== 'gpx') throw fileError('badXml', src.name, src.name, 'no <gpx> root');
  return [{ name: baseName(src.name), features: fromCollection(gpx(doc)) }];
}

interface GjFeature {
  geometry: {
    type: string;
    coordinates?: unknown;
    geometries?: { type: string; coordinates: unknown }[];
  } | null;
  properties: Record<string, unknown> | null;
}

function* fromCollection(fc: { features: unknown[] }): Generator<RawFeature> {
  for (const f of fc.features as GjFeature[]) {
    const props = { ...(f.properties ?? {}) };
    // Per-vertex times and heart rates of a track: bulky, and no attribute of the place.
    delete props.coordinateProperties;
    yield { geometry: flatten(f.geometry), properties: props };
  }
}

/** A GeometryCollection of one kind as its Multi form; of mixed kinds it stays (and is skipped). */
function flatten(g: GjFeature['geometry']): unknown {
  if (!g || g.type !== 'GeometryCollection' || !g.geometries?.length) return g;
  const kinds = new Set(g.geometries.map((x) => x.type.replace(/^Multi/, '')));
  if (kinds.size !== 1) return g;
  const kind = [...kinds][0]!;
  const coords = g.geometries.flatMap((x) =>
    x.type.startsWith('Multi') ? (x.coordinates as unknown[]) : [x.coordinates],
  );
  return { type: `Multi${kind}`, coordinates: coords };
}
