import type { Executor, ItemRow, Services } from '../../../../server/module-api';
import { letterBlocks, plainText, type Block } from './blocks';
import { fileNumberLine, type LetterFrame } from './frame';
import { usableLetterhead } from './letterhead';

export type { LetterFrame } from './frame';

// A letter as it prints (docs/consult-letters.md "The PDF"): its text's blocks inside the frame
// its template gave it when drafted (letterhead, sender's address, file number, signatory). One
// function for the preview and the send, so what staff preview is byte for byte what is sent.

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The frame of a letter row, for its response. The letterhead is judged again here, at every
 * preview and send (letterhead.ts): the letter keeps its file's id, not a right to print it.
 */
export async function frameOf(
  tx: Executor,
  s: Services,
  letter: ItemRow,
  response: ItemRow,
): Promise<LetterFrame> {
  const d = letter.data;
  const head = await usableLetterhead(tx, s, response, d.letterhead);
  return {
    letterhead: head ? { bytes: head.bytes, type: head.type } : undefined,
    address: str(d.fromAddress),
    fileNumber: str(d.fileNumber),
    signatoryName: str(d.signatoryName),
    signatoryTitle: str(d.signatoryTitle),
  };
}

export interface RenderedLetter {
  subject: string;
  blocks: Block[];
  text: string;
  pdf: Buffer;
  docx?: Buffer;
}

/** The letter's PDF (and, for the send, its DOCX), made from the stored letter. */
export async function renderLetter(
  tx: Executor,
  s: Services,
  letter: ItemRow,
  response: ItemRow,
  withDocx: boolean,
): Promise<RenderedLetter> {
  const subject = String(letter.data.subject ?? response.id);
  const blocks = letterBlocks(String(letter.data.body ?? ''));
  const community = String(response.data.communityName ?? response.owner ?? '');
  const meta = { title: subject, author: community };
  const frame = await frameOf(tx, s, letter, response);
  // Loaded on this path only (pdfmake and docx are large): never at start, never in the client.
  const { letterPdf } = await import('./pdf');
  const pdf = await letterPdf(blocks, meta, frame);
  const docx = withDocx ? await (await import('./docx')).letterDocx(blocks, meta, frame) : undefined;
  return { subject, blocks, text: framedText(blocks, frame), pdf, ...(docx ? { docx } : {}) };
}

/** The message's plain text: the letter's, with the file number above and the signatory below. */
export function framedText(blocks: readonly Block[], frame: LetterFrame): string {
  const head = frame.fileNumber ? `${fileNumberLine(frame.fileNumber)}\n\n` : '';
  const sign = [frame.signatoryName, frame.signatoryTitle].filter(Boolean).join('\n');
  return `${head}${plainText(blocks)}${sign ? `\n\n${sign}` : ''}`;
}
