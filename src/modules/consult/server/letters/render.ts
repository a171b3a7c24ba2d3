import {
  fileKey,
  loadRowsAsSystem,
  type Executor,
  type ItemRow,
  type Services,
} from '../../../../server/module-api';
import { LETTERHEAD_TYPES } from '../../letter-types';
import { letterBlocks, plainText, type Block } from './blocks';
import { fileNumberLine, type LetterFrame } from './frame';

export type { LetterFrame } from './frame';

// A letter as it prints (docs/consult-letters.md "The PDF"): its text's blocks inside the frame
// its template gave it when drafted (letterhead, sender's address, file number, signatory). One
// function for the preview and the send, so what staff preview is byte for byte what is sent.

/** The largest letterhead read into a letter (a wide banner at print resolution is well under). */
export const LETTERHEAD_MAX = 2 * 1024 * 1024;

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

async function readAll(s: Services, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await s.files.read(key)) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** The frame of a letter row. The letterhead was judged when drafted (acts.ts `letterheadOf`). */
export async function frameOf(tx: Executor, s: Services, letter: ItemRow): Promise<LetterFrame> {
  const d = letter.data;
  const id = str(d.letterhead);
  // As the system: the letter's own letterhead, chosen when it was drafted only if every reader of the letter
  // may read it; whoever gets here may read the letter.
  const att = id ? (await loadRowsAsSystem(tx, [id])).get(id) : undefined;
  const type = String(att?.data.filetype ?? '');
  const usable =
    att &&
    !att.deleted &&
    att.data.trashed !== true &&
    (LETTERHEAD_TYPES as readonly string[]).includes(type) &&
    Number(att.data.size ?? 0) <= LETTERHEAD_MAX &&
    typeof att.data.fileID === 'string';
  return {
    letterhead: usable
      ? {
          bytes: await readAll(s, fileKey(String(att.data.fileID))),
          type: type as (typeof LETTERHEAD_TYPES)[number],
        }
      : undefined,
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
  const frame = await frameOf(tx, s, letter);
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
