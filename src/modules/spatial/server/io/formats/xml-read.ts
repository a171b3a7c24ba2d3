import { rm } from 'node:fs/promises';
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { TaskError, ZipLimitError } from '../../../../../server/module-api';
import { fileError, type RawFeature, type SourceFile, type SourceLayer } from '../layers';
import { cutElements, XmlCutError, XmlTooBig } from './xml-cut';
import { unzipToDisk } from './zip-to-disk';

// KML, KMZ (a zip holding doc.kml) and GPX through @tmcw/togeojson on @xmldom/xmldom documents,
// streamed: the file is cut into its feature elements as it is read (xml-cut.ts) and parsed a
// block of them at a time, wrapped in the file's own root (its namespaces) and, for KML, the
// document's shared styles and schemas seen so far (typed ExtendedData, style attributes). A KMZ
// is inflated to disk first (zip-to-disk.ts). A MultiGeometry of one kind becomes its Multi form.

type Doc = Parameters<typeof kml>[0];

/** Features parsed per document: small enough to stay flat, big enough to amortise the wrap. */
const BLOCK_FEATURES = 200;
const BLOCK_CHARS = 4 * 1024 * 1024;
/** Shared styles and schemas kept for the blocks; beyond this, later ones are left out. */
const CONTEXT_CHARS = 2 * 1024 * 1024;

const KML_FEATURES = new Set(['Placemark', 'GroundOverlay']);
const KML_CONTEXT = new Set(['Style', 'StyleMap', 'Schema']);
const GPX_FEATURES = new Set(['wpt', 'rte', 'trk']);

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

const baseName = (name: string) => name.replace(/\.[^.]+$/, '');

/** The features of one KML or GPX file on disk, a block at a time. */
async function* streamed(
  src: SourceFile,
  part: string,
  file: string,
  kind: 'kml' | 'gpx',
  onBytes?: (read: number) => void,
): AsyncGenerator<RawFeature> {
  let open = '';
  let close = '';
  const context: string[] = [];
  let contextChars = 0;
  let block: string[] = [];
  let blockChars = 0;
  const onRoot = (tag: string, name: string) => {
    if (name !== kind) throw fileError('badXml', src.name, part, `no <${kind}> root`);
    open = tag;
    close = `</${/^<([^\s/>]+)/.exec(tag)![1]}>`;
  };
  const parse = (pieces: string[]) => {
    const body =
      kind === 'kml' ? `<Document>${context.join('')}${pieces.join('')}</Document>` : pieces.join('');
    const doc = parseXml(src, part, open + body + close);
    return fromCollection(kind === 'kml' ? kml(doc) : gpx(doc));
  };
  const wanted = kind === 'kml' ? new Set([...KML_FEATURES, ...KML_CONTEXT]) : GPX_FEATURES;
  try {
    for await (const piece of cutElements(file, wanted, onRoot, onBytes)) {
      if (KML_CONTEXT.has(piece.name)) {
        if (contextChars + piece.text.length <= CONTEXT_CHARS) {
          context.push(piece.text);
          contextChars += piece.text.length;
        }
        continue;
      }
      block.push(piece.text);
      blockChars += piece.text.length;
      if (block.length >= BLOCK_FEATURES || blockChars >= BLOCK_CHARS) {
        const pieces = block;
        block = [];
        blockChars = 0;
        yield* parse(pieces);
      }
    }
  } catch (e) {
    if (e instanceof XmlTooBig) throw fileError('featureTooBig', src.name, part, e.message);
    if (e instanceof XmlCutError) throw fileError('badXml', src.name, part, e.message);
    throw e;
  }
  if (block.length) yield* parse(block);
}

export function readKml(src: SourceFile): SourceLayer[] {
  return [{ name: baseName(src.name), features: streamed(src, src.name, src.path, 'kml', src.onBytes) }];
}

export async function readKmz(src: SourceFile): Promise<SourceLayer[] & { close(): Promise<void> }> {
  const dir = `${src.path}.parts`;
  // Removed off the event loop: unlinking a big inflated part is slow on some disks.
  const close = () => rm(dir, { recursive: true, force: true });
  let files: Map<string, string>;
  try {
    files = await unzipToDisk(
      src.path,
      dir,
      (n) => /\.kml$/i.test(n) && !n.startsWith('__MACOSX'),
      src.onBytes,
    );
  } catch (e) {
    await close();
    if (e instanceof TaskError) throw e;
    if (e instanceof ZipLimitError) throw fileError('zipTooBig', src.name, src.name, e.message);
    throw fileError('badZip', src.name, src.name, (e as Error).message);
  }
  const names = [...files.keys()].sort((a, b) => (a === 'doc.kml' ? -1 : b === 'doc.kml' ? 1 : 0));
  if (!names.length) {
    await close();
    throw fileError('partMissing', src.name, 'doc.kml');
  }
  const layers = names.map((n) => ({
    name: names.length === 1 ? baseName(src.name) : baseName(n),
    features: streamed(src, n, files.get(n)!, 'kml'),
  }));
  return Object.assign(layers, { close });
}

export function readGpx(src: SourceFile): SourceLayer[] {
  return [{ name: baseName(src.name), features: streamed(src, src.name, src.path, 'gpx', src.onBytes) }];
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
