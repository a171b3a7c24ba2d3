import { createReadStream } from 'node:fs';
import { fileError, type RawFeature, type SourceFile, type SourceLayer } from '../layers';

// GeoJSON, streamed: the text is scanned for the top-level "features" array and each feature's
// object is cut out and parsed alone, so a 100 MB FeatureCollection is never held whole (the
// biggest string kept is one feature). A lone Feature or geometry is small by nature and parsed as is.

const FEATURE_MAX_CHARS = 20 * 1024 * 1024;

export function readGeoJson(src: SourceFile): SourceLayer[] {
  return [{ name: src.name.replace(/\.(geo)?json$/i, ''), features: scan(src) }];
}

async function* scan(src: SourceFile): AsyncGenerator<RawFeature> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let key = '';
  let keyOpen = -1;
  let keyHead = '';
  let inFeatures = false;
  let sawFeatures = false;
  let current: string[] = [];
  let currentLength = 0;
  let start = -1;
  /** The whole document while it may still be a lone Feature or geometry (no "features" key yet). */
  let whole: string[] | null = [];
  let wholeLength = 0;
  let read = 0;
  const stream = createReadStream(src.path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  for await (const chunk of stream as AsyncIterable<string>) {
    read += Buffer.byteLength(chunk);
    if (whole) {
      whole.push(chunk);
      wholeLength += chunk.length;
      if (wholeLength > FEATURE_MAX_CHARS) whole = null;
    }
    const ready: RawFeature[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) {
          inString = false;
          if (keyOpen >= 0) {
            key = keyHead + chunk.slice(keyOpen, i);
            keyHead = '';
            keyOpen = -1;
          }
        }
        continue;
      }
      if (c === 34) {
        inString = true;
        // Keys of the top-level object only (depth 1): the one that matters is "features".
        keyOpen = depth === 1 && !inFeatures ? i + 1 : -1;
        if (keyOpen >= 0) key = '';
      } else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (depth === 1 && c === 91 && key === 'features' && !sawFeatures) {
          inFeatures = true;
          sawFeatures = true;
          whole = null;
        } else if (inFeatures && depth === 2 && c === 123) start = i;
        depth++;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--;
        if (inFeatures && depth === 2 && c === 125) {
          const text = current.join('') + chunk.slice(start < 0 ? 0 : start, i + 1);
          current = [];
          currentLength = 0;
          start = -1;
          ready.push(parseFeature(src, text));
        } else if (inFeatures && depth === 1) inFeatures = false;
        if (depth < 0) throw fileError('badJson', src.name, 'GeoJSON', 'unbalanced brackets');
      }
    }
    if (keyOpen >= 0) {
      // The key goes on in the next chunk.
      keyHead += chunk.slice(keyOpen);
      keyOpen = 0;
    }
    if (inFeatures && depth > 2) {
      current.push(chunk.slice(start < 0 ? 0 : start));
      currentLength += chunk.length;
      start = -1;
      if (currentLength > FEATURE_MAX_CHARS) throw fileError('featureTooBig', src.name, 'GeoJSON');
    }
    src.onBytes?.(read);
    yield* ready;
  }
  if (depth !== 0 || inString) throw fileError('badJson', src.name, 'GeoJSON', 'the file ends too early');
  if (sawFeatures) return;
  if (!whole) throw fileError('badJson', src.name, 'GeoJSON', 'no "features" array');
  let doc: unknown;
  try {
    doc = JSON.parse(whole.join(''));
  } catch (e) {
    throw fileError('badJson', src.name, 'GeoJSON', (e as Error).message);
  }
  const o = doc as { type?: unknown; geometry?: unknown; properties?: unknown };
  if (o?.type === 'Feature') yield { geometry: o.geometry, properties: props(o.properties) };
  else if (typeof o?.type === 'string' && 'coordinates' in (o as object))
    yield { geometry: o, properties: null };
  else
    throw fileError('badJson', src.name, 'GeoJSON', 'neither a FeatureCollection, a Feature nor a geometry');
}

function parseFeature(src: SourceFile, text: string): RawFeature {
  let f: { geometry?: unknown; properties?: unknown };
  try {
    f = JSON.parse(text) as typeof f;
  } catch (e) {
    throw fileError('badJson', src.name, 'GeoJSON', (e as Error).message);
  }
  return { geometry: f.geometry ?? null, properties: props(f.properties) };
}

function props(p: unknown): Record<string, unknown> | null {
  return p && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : null;
}
