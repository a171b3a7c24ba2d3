import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type PdfMakeModule from 'pdfmake';
import type { Block, Run } from './blocks';
import { fileNumberLine, type LetterFrame } from './frame';

// The letter as PDF with pdfmake (no browser), in Noto Sans: the full Noto Sans (assets/fonts,
// OFL) has the Latin letters of Indigenous orthographies with their combining marks (ł, ʷ, x̱,
// ǧ); Canadian syllabics are in Noto Sans Canadian Aboriginal (npm @fontsource, WOFF, which
// pdfkit's fontkit reads). pdfmake has no font fallback, so each run is cut where the script
// changes. pdfmake is imported only here, on the first letter sent: never at start, never in
// the client. The fonts are subset into each file by pdfkit (a letter is about 20 KB).

/** Canadian syllabics, and its extended block. */
const SYLLABICS = /([\u1400-\u167F\u18B0-\u18FF]+)/u;

/** Where the committed fonts are: assets/fonts at the repository root (source or dist layout). */
function assetsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'assets', 'fonts');
    if (existsSync(path.join(candidate, 'NotoSans-Regular.ttf'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('assets/fonts/NotoSans-Regular.ttf not found');
}

type PdfMake = typeof PdfMakeModule;
let loaded: Promise<PdfMake> | null = null;

function pdfmake(): Promise<PdfMake> {
  loaded ??= (async () => {
    // CommonJS: Node's import gives module.exports as the default.
    const pm = (await import('pdfmake')).default;
    // Letters carry only their own text: no URL and no local file may be read while building.
    pm.setUrlAccessPolicy(() => false);
    pm.setLocalAccessPolicy(() => false);
    const fonts = assetsDir();
    const syllabics = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans-canadian-aboriginal/files/noto-sans-canadian-aboriginal-canadian-aboriginal-400-normal.woff',
    );
    const syllabicsBold = syllabics.replace('-400-', '-700-');
    pm.virtualfs.writeFileSync(
      'NotoSans-Regular.ttf',
      readFileSync(path.join(fonts, 'NotoSans-Regular.ttf')),
    );
    pm.virtualfs.writeFileSync('NotoSans-Bold.ttf', readFileSync(path.join(fonts, 'NotoSans-Bold.ttf')));
    pm.virtualfs.writeFileSync('Syllabics-Regular.woff', readFileSync(syllabics));
    pm.virtualfs.writeFileSync('Syllabics-Bold.woff', readFileSync(syllabicsBold));
    // Noto Sans has no italic in assets/: italics print upright rather than fail.
    pm.setFonts({
      NotoSans: {
        normal: 'NotoSans-Regular.ttf',
        bold: 'NotoSans-Bold.ttf',
        italics: 'NotoSans-Regular.ttf',
        bolditalics: 'NotoSans-Bold.ttf',
      },
      NotoSyllabics: {
        normal: 'Syllabics-Regular.woff',
        bold: 'Syllabics-Bold.woff',
        italics: 'Syllabics-Regular.woff',
        bolditalics: 'Syllabics-Bold.woff',
      },
    });
    return pm;
  })();
  return loaded;
}

interface PdfText {
  text: string;
  bold?: boolean;
  italics?: boolean;
  font?: string;
}

/** Runs cut where the script changes, syllabics in their own font. */
export function scriptRuns(rs: readonly Run[]): PdfText[] {
  const out: PdfText[] = [];
  for (const r of rs)
    for (const part of r.text.split(SYLLABICS)) {
      if (!part) continue;
      out.push({
        text: part,
        ...(r.bold ? { bold: true } : {}),
        ...(r.italics ? { italics: true } : {}),
        ...(SYLLABICS.test(part) ? { font: 'NotoSyllabics' } : {}),
      });
    }
  return out;
}

function content(blocks: readonly Block[]): unknown[] {
  return blocks.map((b) => {
    if (b.kind === 'heading')
      return { text: scriptRuns(b.runs), bold: true, fontSize: b.level <= 1 ? 16 : 13, margin: [0, 8, 0, 6] };
    if (b.kind === 'list')
      return {
        [b.ordered ? 'ol' : 'ul']: b.items.map((it) => ({ text: scriptRuns(it) })),
        margin: [0, 0, 0, 8],
      };
    return { text: scriptRuns(b.runs), margin: [0, 0, 0, 8] };
  });
}

/** Plain text in the frame (an address, a name) as runs, syllabics in their font. */
const plain = (text: string, style: Omit<Run, 'text'> = {}) => scriptRuns([{ text, ...style }]);

/** Letter width between the margins, in points (8.5 in less two 1 in margins). */
const WIDTH = 468;

/** The letterhead across the top, the sender's address under it and the file number on the right. */
function frameTop(frame: LetterFrame): unknown[] {
  const top: unknown[] = [];
  if (frame.letterhead)
    top.push({
      image: `data:${frame.letterhead.type};base64,${frame.letterhead.bytes.toString('base64')}`,
      fit: [WIDTH, 96],
      alignment: 'center',
      margin: [0, 0, 0, 10],
    });
  const address = frame.address
    ? { stack: frame.address.split(/\r?\n/).map((l) => ({ text: plain(l) })), fontSize: 9, color: '#333333' }
    : { text: '' };
  const file = frame.fileNumber
    ? { text: plain(fileNumberLine(frame.fileNumber), { bold: true }), alignment: 'right', fontSize: 10 }
    : { text: '' };
  if (frame.address || frame.fileNumber)
    top.push({ columns: [address, file], columnGap: 16, margin: [0, 0, 0, 18] });
  return top;
}

/**
 * What goes above the text: the letterhead across the top, the sender's address under it, and
 * the file number on the right; below it, room to sign and the signatory's name and title.
 */
function framed(frame: LetterFrame, body: unknown[]): unknown[] {
  const top = frameTop(frame);
  const sign: unknown[] = [];
  if (frame.signatoryName)
    sign.push({ text: plain(frame.signatoryName, { bold: true }), margin: [0, 36, 0, 0] });
  if (frame.signatoryTitle) sign.push({ text: plain(frame.signatoryTitle) });
  // The signature block stays on one page with the last lines of the text.
  return [...top, ...body, ...(sign.length ? [{ stack: sign, unbreakable: true }] : [])];
}

/**
 * A PDF of the community's own making other than a letter (an invoice): pdfmake content in the
 * same page, fonts and syllabics as a letter's, under the same letterhead and address when given.
 */
export async function documentPdf(
  body: unknown[],
  meta: { title: string; author: string },
  frame: Pick<LetterFrame, 'letterhead' | 'address'> = {},
): Promise<Buffer> {
  const content = [...frameTop(frame), ...body];
  const pm = await pdfmake();
  const doc = pm.createPdf({
    info: { title: meta.title, author: meta.author, creator: 'Community Knowledge Keeper' },
    pageSize: 'LETTER',
    pageMargins: [72, 72, 72, 72],
    defaultStyle: { font: 'NotoSans', fontSize: 10, lineHeight: 1.2 },
    content,
  });
  return Buffer.from(await doc.getBuffer());
}

/** Plain text as pdfmake runs, syllabics in their own font (an invoice's names). */
export const pdfText = (text: string, bold = false) =>
  scriptRuns([{ text, ...(bold ? { bold: true } : {}) }]);

/** The letter's PDF bytes. `title` goes into the document's properties. */
export async function letterPdf(
  blocks: readonly Block[],
  meta: { title: string; author: string },
  frame: LetterFrame = {},
): Promise<Buffer> {
  const pm = await pdfmake();
  const doc = pm.createPdf({
    info: { title: meta.title, author: meta.author, creator: 'Community Knowledge Keeper' },
    pageSize: 'LETTER',
    pageMargins: [72, 72, 72, 72],
    defaultStyle: { font: 'NotoSans', fontSize: 11, lineHeight: 1.25 },
    content: framed(frame, content(blocks)),
  });
  return Buffer.from(await doc.getBuffer());
}
