import { createReadStream } from 'node:fs';

// A KML or GPX file cut into its feature elements as it is read from disk: each wanted element
// (a Placemark, a wpt/rte/trk) is handed on as its own text, so a 100 MB file costs one block of
// features, never the whole document (issue 15 "A 100 MB file streams"). Only what XML needs to
// find element boundaries is understood here: tags, comments, CDATA, processing instructions and
// a DOCTYPE; each cut element is then parsed for real (xmldom), which is where bad XML inside it
// is caught. A file that ends inside an element, or has no root, is refused here.

export interface XmlPiece {
  /** The element's local name ("Placemark", "Style" …). */
  name: string;
  text: string;
}

export class XmlCutError extends Error {}

/** An element or a tag longer than this reader holds (ELEMENT_MAX_CHARS, TAG_MAX_CHARS). */
export class XmlTooBig extends XmlCutError {}

/**
 * The longest feature element cut out: a Placemark of 50,000 vertices (what one place may hold)
 * is about 2 MB of text, and 16 MiB leaves room for a long description. A file that never
 * closes its element stops here rather than growing one string until memory runs out.
 */
export const ELEMENT_MAX_CHARS = 16 * 1024 * 1024;
/** The longest single tag (its name and attributes): KML and GPX attributes are short. */
export const TAG_MAX_CHARS = 1024 * 1024;

const localName = (qname: string) => qname.replace(/^.*:/, '');

/**
 * The elements of `file` whose local name is in `wanted`, in document order, at any depth (not
 * inside another wanted one). `onRoot` gets the root's start tag (namespace declarations).
 */
export async function* cutElements(
  file: string,
  wanted: ReadonlySet<string>,
  onRoot: (startTag: string, name: string) => void,
  onBytes?: (read: number) => void,
): AsyncGenerator<XmlPiece> {
  let buf = '';
  let pos = 0; // next unread character of buf
  let cutStart = -1; // where the element being cut starts in buf (or continues, after `parts`)
  // The element's text already read past, as the pieces it was read in, joined once when it
  // ends: carrying it in `buf` from read to read copied it again at each one (quadratic).
  let parts: string[] = [];
  let partsChars = 0;
  let cutDepth = 0;
  let cutName = '';
  const stack: string[] = [];
  let rooted = false;
  let read = 0;
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  const chunks = stream[Symbol.asyncIterator]();
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const r = await chunks.next();
    if (r.done) {
      ended = true;
      return false;
    }
    const chunk = r.value as string;
    read += Buffer.byteLength(chunk);
    onBytes?.(read);
    // Drop what is consumed; what of it belongs to the element being cut is kept aside.
    if (cutStart >= 0) {
      const done = buf.slice(cutStart, pos);
      parts.push(done);
      partsChars += done.length;
      cutStart = 0;
    }
    buf = buf.slice(pos) + chunk;
    pos = 0;
    if (cutStart >= 0 && partsChars + buf.length > ELEMENT_MAX_CHARS)
      throw new XmlTooBig(`<${cutName}> is longer than ${ELEMENT_MAX_CHARS} characters`);
    return true;
  };
  /** Index of `needle` at or after `from`, reading more of the file as needed; -1 at the end. */
  const find = async (needle: string, from: number): Promise<number> => {
    let at = buf.indexOf(needle, from);
    while (at < 0) {
      // What is scanned is consumed (every caller skips to the needle): a long text is then
      // not carried, and searched again, from read to read.
      pos = Math.max(from, buf.length - needle.length + 1);
      if (!(await more())) return -1;
      from = pos;
      at = buf.indexOf(needle, from);
    }
    return at;
  };
  try {
    for (;;) {
      const lt = await find('<', pos);
      if (lt < 0) break;
      pos = lt;
      // Enough characters to tell what starts here.
      while (buf.length - pos < 9 && (await more()));
      const head = buf.slice(pos, pos + 9);
      let end: number;
      if (head.startsWith('<!--')) {
        end = await find('-->', pos + 4);
        if (end < 0) throw new XmlCutError('a comment is not closed');
        pos = end + 3;
        continue;
      }
      if (head.startsWith('<![CDATA[')) {
        end = await find(']]>', pos + 9);
        if (end < 0) throw new XmlCutError('a CDATA section is not closed');
        pos = end + 3;
        continue;
      }
      if (head.startsWith('<?')) {
        end = await find('?>', pos + 2);
        if (end < 0) throw new XmlCutError('a processing instruction is not closed');
        pos = end + 2;
        continue;
      }
      if (head.startsWith('<!')) {
        end = await find('>', pos + 2);
        if (end < 0) throw new XmlCutError('a declaration is not closed');
        pos = end + 1;
        continue;
      }
      end = await tagEnd(pos + 1);
      if (end < 0) throw new XmlCutError('a tag is not closed');
      const tag = buf.slice(pos, end + 1);
      const tagStart = pos;
      pos = end + 1;
      if (tag.startsWith('</')) {
        const name = localName(tag.slice(2, -1).trim());
        if (stack.pop() !== name) throw new XmlCutError(`</${name}> closes nothing open`);
        if (cutStart >= 0 && stack.length === cutDepth) {
          const text = parts.length ? parts.join('') + buf.slice(cutStart, pos) : buf.slice(cutStart, pos);
          parts = [];
          partsChars = 0;
          cutStart = -1;
          yield { name: cutName, text };
        }
        continue;
      }
      const selfClosing = tag.endsWith('/>');
      const qname = /^<([^\s/>]+)/.exec(tag)?.[1] ?? '';
      const name = localName(qname);
      if (!name) throw new XmlCutError('a tag without a name');
      if (!rooted) {
        if (selfClosing) throw new XmlCutError('an empty document');
        rooted = true;
        onRoot(tag, name);
      }
      if (cutStart < 0 && wanted.has(name) && stack.length > 0) {
        if (selfClosing) {
          yield { name, text: tag };
          continue;
        }
        cutStart = tagStart;
        cutDepth = stack.length;
        cutName = name;
      }
      if (!selfClosing) stack.push(name);
    }
    if (!rooted) throw new XmlCutError('no document');
    if (stack.length) throw new XmlCutError(`the file ends inside <${stack[stack.length - 1]}>`);
  } finally {
    stream.destroy();
  }

  /** The `>` that ends the tag starting before `from` (quoted attribute values may hold `>`). */
  async function tagEnd(from: number): Promise<number> {
    let i = from;
    let quote = '';
    for (;;) {
      if (i - pos > TAG_MAX_CHARS) throw new XmlTooBig(`a tag is longer than ${TAG_MAX_CHARS} characters`);
      if (i >= buf.length) {
        const shift = pos;
        if (!(await more())) return -1;
        i += pos - shift;
        continue;
      }
      const c = buf[i]!;
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return i;
      i++;
    }
  }
}
