import { sql } from 'drizzle-orm';
import { loadRowsAsSystem, query, type Executor, type ItemRow } from '../../../../server/module-api';

// A sent letter's PDF and DOCX are files of its response (acts.ts storeFile), so they are read by
// exactly the response's readers, who are the letter's (it follows the response), never the
// consultation's wider ones (the proponent reads its own copies on the thread's message). They
// are listed among the consultation's files all the same: rwfLetterSend gives each a
// ConsultAttachment row on the consultation (mirror.ts mirrorFileRow), which follows the file,
// so the row too is read by the letter's readers alone; the mirror keeps it in step after.

/** The consultation whose files a response's file joins as a sent letter's, or null. */
export async function keptLetterFileConsultation(tx: Executor, att: ItemRow): Promise<string | null> {
  const rel = att.data.rel;
  if (typeof rel !== 'string' || !rel.startsWith('ConsultResponse-')) return null;
  const [hit] = await query<{ id: string }>(
    tx,
    sql`select id from items where type = 'ResponseLetter' and data->>'response' = ${rel}
      and (data->>'pdf' = ${att.id} or data->>'docx' = ${att.id}) limit 1`,
  );
  if (!hit) return null;
  // As the system: a write hook finds where a letter's file is listed; the listing row follows the file.
  const response = (await loadRowsAsSystem(tx, [rel])).get(rel);
  const cid = response?.data.consultation;
  return typeof cid === 'string' && cid.startsWith('Consultation-') ? cid : null;
}
