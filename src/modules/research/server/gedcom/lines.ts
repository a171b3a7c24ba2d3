import type { Readable } from 'node:stream';
import { detectCharset } from 'read-gedcom/dist/cjs/parse/decoder.js';
import {
  decodeAnsel,
  decodeCp1252,
  decodeCp850,
  decodeMacintosh,
  decodeUtf8,
} from 'read-gedcom/dist/cjs/parse/decoding/index.js';

// A GEDCOM file read as lines without ever holding it whole (docs/research-gedcom.md "Memory"):
// read-gedcom's own charset detection (on the file's head) and decoders (ANSEL, CP1252, CP850,
// Macintosh, UTF-8), applied to chunks cut at a line end. read-gedcom's parseGedcom builds the
// whole file's tree in memory (several times the file's size), so it is not used for the import;
// its decoders are. Every single-byte charset and UTF-8 keep a line feed as the byte 0x0A and
// never use it inside a character, and an ANSEL diacritic comes before its letter on the same
// line, so a chunk cut after a 0x0A decodes exactly as the whole file would.

/** How much of the file's start the charset is detected from (its HEAD with CHAR and SOUR). */
const HEAD_BYTES = 64 * 1024;
/**
 * Bytes decoded at once: big enough that a decoder's set-up is paid rarely, and small enough that
 * the text stays under V8's large-object size (128 KB), which goes straight to the old generation
 * and piled up there between full collections (256 KB chunks: +174 MB at peak on a 50 MB file).
 */
const CHUNK_BYTES = 32 * 1024;

/**
 * The longest line read (bytes, or characters once decoded). GEDCOM 5.5.1 allows 255; GEDCOM 7
 * has no limit but long text goes on CONT lines, so a line of a million is no program's: a file
 * that never ends its line stops here, not when the server's memory does (issue 36).
 */
export const GEDCOM_LINE_MAX = 1024 * 1024;

/** A line longer than GEDCOM_LINE_MAX: the import fails with research.gedcom.lineTooLong. */
export class GedcomLineTooLong extends Error {
  constructor(readonly line: number) {
    super(`line ${line} is longer than ${GEDCOM_LINE_MAX} characters`);
  }
}

export interface GedcomLine {
  /** 1-based line number in the file. */
  n: number;
  text: string;
}

type Decoder = (buffer: ArrayBuffer) => string;

// read-gedcom's FileEncoding values (a const enum its types declare, so spelt out here).
const DECODERS: Partial<Record<string, Decoder>> = {
  'UTF-8': decodeUtf8,
  ANSEL: decodeAnsel,
  Cp1252: decodeCp1252,
  Cp850: decodeCp850,
  Macintosh: decodeMacintosh,
};

const asArrayBuffer = (b: Buffer): ArrayBuffer =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The file's lines, decoded; `onEncoding` hears the charset once it is known. */
export async function* gedcomLines(
  input: Readable,
  onEncoding: (encoding: string) => void = () => {},
): AsyncGenerator<GedcomLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let decode: Decoder | null = null;
  let utf16: InstanceType<typeof TextDecoder> | null = null;
  // The unfinished line, as the pieces it came in: joined once, when its end comes (adding each
  // piece to one string and splitting it again was quadratic in the line's length).
  let tail: string[] = [];
  let tailChars = 0;
  /** Bytes pending since the last line end seen (a single-byte or UTF-8 file). */
  let openBytes = 0;
  let n = 0;
  let first = true;

  const split = function* (text: string, last: boolean): Generator<GedcomLine> {
    if (!last && !/[\r\n]/.test(text)) {
      tail.push(text);
      tailChars += text.length;
      if (tailChars > GEDCOM_LINE_MAX) throw new GedcomLineTooLong(n + 1);
      return;
    }
    const all = tail.length ? tail.join('') + text : text;
    const parts = all.split(/\r\n|\r|\n/);
    const rest = last ? '' : (parts.pop() ?? '');
    tail = rest ? [rest] : [];
    tailChars = rest.length;
    for (let line of parts) {
      if (first) {
        line = line.replace(/^\uFEFF/, '');
        first = false;
      }
      n++;
      yield { n, text: line };
    }
  };

  const start = (head: Buffer) => {
    // A UTF-16 byte-order mark says it all (read-gedcom's detection answers UTF-8 for any BOM,
    // its whole-file decoder then reading the mark itself).
    const bom16 =
      head[0] === 0xff && head[1] === 0xfe
        ? 'UTF-16le'
        : head[0] === 0xfe && head[1] === 0xff
          ? 'UTF-16be'
          : null;
    const enc: string = bom16 ?? detectCharset(asArrayBuffer(head));
    onEncoding(enc);
    if (enc === 'UTF-16le' || enc === 'UTF-16be')
      utf16 = new TextDecoder(enc === 'UTF-16le' ? 'utf-16le' : 'utf-16be');
    else decode = DECODERS[enc] ?? decodeUtf8;
  };

  /**
   * Decodes the pending bytes up to their last line feed (all of them when `last`), at most
   * CHUNK_BYTES at a time: a stream that hands over a big piece at once still never has more
   * than one chunk's text and lines alive.
   */
  const drain = function* (last: boolean): Generator<GedcomLine> {
    if (!pendingBytes) {
      if (last) yield* split('', true);
      return;
    }
    let bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    if (utf16) {
      for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
        const end = Math.min(bytes.length, at + CHUNK_BYTES);
        const fin = last && end === bytes.length;
        yield* split(utf16.decode(bytes.subarray(at, end), { stream: !fin }), fin);
      }
      if (!bytes.length && last) yield* split('', true);
      return;
    }
    for (;;) {
      const whole = bytes.length <= CHUNK_BYTES;
      if (whole && last) {
        yield* split(decode!(asArrayBuffer(bytes)), true);
        return;
      }
      const window = bytes.subarray(0, Math.min(bytes.length, CHUNK_BYTES));
      let cut = window.lastIndexOf(0x0a) + 1;
      // A file with lone CR line ends: cut after a CR instead.
      if (cut === 0) cut = window.lastIndexOf(0x0d) + 1;
      if (cut === 0) {
        // No line end in a whole chunk: a line this long is kept whole until its end comes.
        if (whole) break;
        cut = bytes.indexOf(0x0a, CHUNK_BYTES) + 1 || (last ? bytes.length : 0);
        if (cut === 0) break;
      }
      yield* split(decode!(asArrayBuffer(bytes.subarray(0, cut))), false);
      bytes = bytes.subarray(cut);
      if (!bytes.length) {
        if (last) yield* split('', true);
        return;
      }
      if (!last && bytes.length < CHUNK_BYTES) break;
    }
    pending = [Buffer.from(bytes)];
    pendingBytes = bytes.length;
  };

  for await (const chunk of input) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    pending.push(b);
    pendingBytes += b.length;
    const end = Math.max(b.lastIndexOf(0x0a), b.lastIndexOf(0x0d));
    openBytes = end < 0 ? openBytes + b.length : b.length - end - 1;
    if (!decode && !utf16) {
      if (pendingBytes < HEAD_BYTES) continue;
      start(Buffer.concat(pending, pendingBytes));
    }
    // Bytes of a line not yet ended wait as they came: drained (joined) only once a line ends
    // among them. UTF-16 is decoded as it comes (a 0x0A byte is no line end there).
    if (!utf16 && openBytes > GEDCOM_LINE_MAX) throw new GedcomLineTooLong(n + 1);
    if (pendingBytes >= CHUNK_BYTES && (utf16 || pendingBytes > openBytes)) yield* drain(false);
  }
  if (!decode && !utf16) start(Buffer.concat(pending, pendingBytes));
  yield* drain(true);
}
