// The type of a file from its first bytes (magic numbers), so a renamed executable is not served
// as a picture. Only when the bytes say nothing specific does the name's extension refine it.

export const SNIFF_BYTES = 4100;

const ascii = (b: Buffer, at: number, s: string) => b.toString('latin1', at, at + s.length) === s;
const bytes = (b: Buffer, at: number, xs: number[]) => xs.every((x, i) => b[at + i] === x);

/** The mime type the content shows, or null when the bytes are not a known format. */
export function sniffBytes(b: Buffer): string | null {
  if (b.length === 0) return null;
  if (bytes(b, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'image/gif';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'image/webp';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'audio/wav';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'AVI ')) return 'video/x-msvideo';
  if (bytes(b, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(b, 0, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (ascii(b, 0, 'BM') && b.length > 14 && b.readUInt32LE(2) > 0 && bytes(b, 6, [0, 0, 0, 0]))
    return 'image/bmp';
  if (ascii(b, 0, '%PDF-')) return 'application/pdf';
  if (ascii(b, 0, 'ID3') || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) !== 0))
    return (b[1] ?? 0) === 0xf1 || (b[1] ?? 0) === 0xf9 ? 'audio/aac' : 'audio/mpeg';
  if (ascii(b, 0, 'OggS'))
    return ascii(b, 28, '\x01video') || ascii(b, 28, '\x80theora') ? 'video/ogg' : 'audio/ogg';
  if (ascii(b, 0, 'fLaC')) return 'audio/flac';
  if (ascii(b, 4, 'ftyp')) {
    const brand = b.toString('latin1', 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ') return 'audio/mp4';
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('heic') || brand === 'heix' || brand === 'mif1') return 'image/heic';
    if (brand === 'avif') return 'image/avif';
    return 'video/mp4';
  }
  if (bytes(b, 0, [0x1a, 0x45, 0xdf, 0xa3]))
    return b.includes('matroska') ? 'video/x-matroska' : 'video/webm';
  if (ascii(b, 0, 'glTF')) return 'model/gltf-binary';
  if (bytes(b, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(b, 0, [0x50, 0x4b, 0x05, 0x06]))
    return 'application/zip';
  if (bytes(b, 0, [0x1f, 0x8b])) return 'application/gzip';
  if (bytes(b, 0, [0x00, 0x00, 0x27, 0x0a])) return 'application/x-esri-shape';
  if (ascii(b, 0, '7z\xbc\xaf\x27\x1c')) return 'application/x-7z-compressed';
  if (ascii(b, 0, 'MZ') || ascii(b, 0, '\x7fELF')) return 'application/octet-stream';
  if (isText(b)) return 'text/plain';
  return null;
}

/** Valid UTF-8 with no NUL and few control characters (the tail may cut a character). */
function isText(b: Buffer): boolean {
  let control = 0;
  for (const c of b) {
    if (c === 0) return false;
    if (c < 9 || (c > 13 && c < 32)) control++;
  }
  if (control > b.length / 100) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, Math.max(0, b.length - 3)));
  return !text.includes('\uFFFD');
}

const BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
  gpx: 'application/gpx+xml',
  ged: 'text/plain',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  svg: 'image/svg+xml',
  obj: 'model/obj',
  stl: 'model/stl',
  gltf: 'model/gltf+json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  kmz: 'application/vnd.google-earth.kmz',
  odt: 'application/vnd.oasis.opendocument.text',
};

/**
 * The stored type: what the content shows wins over the name. Where the content is only
 * "some text" or "some zip", the extension may name the kind of text or zip; where the
 * content is unknown, a model or data extension is trusted; anything else is octet-stream.
 */
export function decideType(sniffed: string | null, name: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const byName = BY_EXTENSION[ext];
  if (
    sniffed === 'text/plain' &&
    byName &&
    !byName.startsWith('model/') &&
    !byName.includes('zip') &&
    !/officedocument|opendocument/.test(byName)
  )
    return byName;
  if (sniffed === 'application/zip' && byName && /officedocument|opendocument|kmz/.test(byName))
    return byName;
  if (sniffed) return sniffed;
  if (byName?.startsWith('model/')) return byName;
  return 'application/octet-stream';
}
