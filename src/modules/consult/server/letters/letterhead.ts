import { sql } from 'drizzle-orm';
import {
  fileKey,
  loadRowAsSystem,
  query,
  readableByAll,
  readersOf,
  readHead,
  type Executor,
  type ItemRow,
  type Services,
} from '../../../../server/module-api';
import { LETTERHEAD_TYPES } from '../../letter-types';
import { imageSize } from './image-size';

// A letter's letterhead (docs/consult-letters.md "The frame"): the template's image Attachment,
// printed across the top of the letter's PDF and DOCX and so read by every reader of the letter
// (its response's) and sent to the proponent. The file lives on after the letter keeps its id:
// it may be trashed, deleted, its template closed or put under a protocol, its bytes may not be
// what its row says. So it is judged again, here, each time a letter is drafted, previewed or
// sent, and one that fails is left out of the letter, never embedded.

/** The largest letterhead read into a letter (a wide banner at print resolution is well under). */
export const LETTERHEAD_MAX = 2 * 1024 * 1024;

export type LetterheadType = (typeof LETTERHEAD_TYPES)[number];

export interface UsableLetterhead {
  id: string;
  bytes: Buffer;
  type: LetterheadType;
}

/** Do the bytes begin as the declared kind says (a row's file type is only what the upload claimed)? */
function isKind(bytes: Buffer, type: LetterheadType): boolean {
  const png =
    bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a;
  const jpeg = bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return (type === 'image/png' ? png : jpeg) && imageSize(bytes) !== null;
}

/**
 * The letterhead Attachment `id` with its bytes, if it is still there (not deleted or trashed),
 * still readable by every reader of `response` (and so of the letter), still a PNG or JPEG in
 * its bytes too, and within LETTERHEAD_MAX; otherwise null, and the letter prints without one.
 */
export async function usableLetterhead(
  tx: Executor,
  s: Services,
  response: ItemRow,
  id: unknown,
): Promise<UsableLetterhead | null> {
  if (typeof id !== 'string' || !id.startsWith('Attachment-')) return null;
  // As the system: kept only if every reader of the letter may read it (below), whoever asks.
  const att = await loadRowAsSystem(tx, id);
  if (!att || att.deleted || att.type !== 'Attachment' || att.data.trashed === true) return null;
  const type = String(att.data.filetype ?? '') as LetterheadType;
  if (!LETTERHEAD_TYPES.includes(type)) return null;
  if (typeof att.data.fileID !== 'string' || Number(att.data.size ?? 0) > LETTERHEAD_MAX) return null;
  if (!(await readableByAll(s.items, tx, await readersOf(tx, response), att))) return null;
  // One byte past the cap tells a file larger than its row says from one that fits.
  const bytes = await readHead(s.files, fileKey(att.data.fileID), LETTERHEAD_MAX + 1);
  if (bytes.length > LETTERHEAD_MAX || !isKind(bytes, type)) return null;
  return { id: att.id, bytes, type };
}

/** The template's letterhead (its `letterhead` field names its file's uppyID), if usable for `response`. */
export async function templateLetterhead(
  tx: Executor,
  s: Services,
  response: ItemRow,
  template: ItemRow,
): Promise<UsableLetterhead | null> {
  const uppy = template.data.letterhead;
  if (typeof uppy !== 'string' || !uppy) return null;
  const [hit] = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'Attachment' and not deleted and data->>'rel' = ${template.id}
      and data->>'uppyID' = ${uppy} limit 1`,
  );
  return hit ? usableLetterhead(tx, s, response, hit.id) : null;
}
