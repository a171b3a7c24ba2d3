import { renderPdf } from '../pdf-engine';
import type { Block, Run } from './blocks';
import { fileNumberLine, type LetterFrame } from './frame';

// The letter as PDF, rendered by pdfmake with the module's fonts (../pdf-engine.ts): Noto Sans,
// and Noto Sans Canadian Aboriginal for syllabics. pdfmake has no font fallback, so each run is
// cut where the script changes (scriptRuns). The fonts are subset into each file by pdfkit (a
// letter is about 20 KB).

/** Canadian syllabics, and its extended block. */
const SYLLABICS = /([\u1400-\u167F\u18B0-\u18FF]+)/u;

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
  return renderPdf({ ...meta, content: [...frameTop(frame), ...body], fontSize: 10, lineHeight: 1.2 });
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
  return renderPdf({ ...meta, content: framed(frame, content(blocks)), fontSize: 11, lineHeight: 1.25 });
}
