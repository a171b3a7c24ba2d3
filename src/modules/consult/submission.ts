// The PDF of a referral as submitted (issue 38, Deliver 1), for both halves: the route the server
// answers (server/submission-pdf-route.ts), the link the record and the receipt mail give, and the
// file's name. Nothing of the server here: the record's chunk imports it.

export const SUBMISSION_PDF_PATH = '/api/consult/submission.pdf';

/** The download link of consultation `id`'s PDF (the token cookie goes with a plain link). */
export const submissionPdfHref = (id: string) =>
  `${SUBMISSION_PDF_PATH}?consultation=${encodeURIComponent(id)}`;

/** Whether a consultation has a submission to print: it left the proponent's drafts once (`submitted`). */
export const hasSubmission = (submitted: unknown) => typeof submitted === 'string' && submitted !== '';

/** A name part without what a file system or a header refuses. */
const namePart = (v: unknown) =>
  typeof v === 'string'
    ? v
        .normalize('NFC')
        .replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 100)
    : '';

/** "Bear Pass lateral - NP-2026-014.pdf": the project's title and its first file number. */
export function submissionPdfName(project: unknown, fileNumbers: unknown): string {
  const first = Array.isArray(fileNumbers) ? fileNumbers.map(namePart).find(Boolean) : undefined;
  const words = [namePart(project), first ?? ''].filter(Boolean);
  return `${words.join(' - ') || 'Referral'}.pdf`;
}
