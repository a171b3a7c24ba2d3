import { loadRowsAsSystem, type Executor } from '../../../../server/module-api';

// A sent letter's PDF and DOCX are Attachments of the letter (acts.ts storeFile), so they follow
// it: exactly the letter's readers (its response's) read them, never the consultation's wider
// readers (the proponent reads its own copies on the thread's message). They are listed among the
// consultation's files all the same: the consult mirror (mirror.ts mirrorAttachment) gives them a
// ConsultAttachment row on the consultation, which follows the file, so the row is read by the
// letter's readers alone too.

/** The consultation whose files a letter's file joins, or null if `rel` is no letter's. */
export async function keptLetterFileConsultation(tx: Executor, rel: string): Promise<string | null> {
  if (!rel.startsWith('ResponseLetter-')) return null;
  // As the system: a write hook finds where a letter's file is listed; the listing row follows the file.
  const letter = (await loadRowsAsSystem(tx, [rel])).get(rel);
  const rid = typeof letter?.data.response === 'string' ? letter.data.response : null;
  // As the system: the same hook, the letter's response's consultation.
  const response = rid ? (await loadRowsAsSystem(tx, [rid])).get(rid) : undefined;
  const cid = response?.data.consultation;
  return typeof cid === 'string' && cid.startsWith('Consultation-') ? cid : null;
}
