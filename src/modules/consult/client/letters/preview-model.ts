// The preview dialog's pure parts (tested in letters-client.test.ts): the PDF the server sent
// (base64) as a Blob for the viewer, the downloaded preview's name, a recipient's second line.

export interface Recipient {
  kind: 'organisation' | 'person';
  name: string;
  email: string | null;
  organisation: string | null;
}

/** The base64 PDF as a Blob the browser's viewer opens (a blob: URL, never a data: one). */
export function pdfBlob(base64: string): Blob {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

/** "Re North Loop (preview).pdf": the subject, safe as a file name on every system. */
export function letterFileName(subject: string): string {
  const base = [...subject.normalize('NFC')]
    .map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || 'letter'} (preview).pdf`;
}

/** Under a person's name: their e-mail and organisation; under an organisation's: what it gets. */
export function recipientLine(r: Recipient, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (r.kind === 'organisation') return t('consult.letter.orgRecipient');
  return [r.email, r.organisation].filter((x): x is string => !!x).join(' · ') || t('consult.letter.noEmail');
}
