import type { BBox } from '../../../kernel/geometry';
import { pdfText } from './letters/pdf';
import { renderPdf } from './pdf-engine';
import type { SubmissionArea, SubmissionFacts } from './submission-facts';

// The PDF of a referral as its proponent submitted it (issue 38, Deliver 1), as referral tools
// give one ("Submit a referral"): what was sent to which community, in a person's words, for the
// proponent's own file and for the community's. Its facts are gathered as the reader
// (submission-facts.ts); this lays them out in the module's fonts (pdf-engine.ts), with the site's
// name and the day it was made at the foot of each page.

/** "6 January 2027": as the receipt mail writes its dates (no ambiguous 06/01). */
export function longDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
}

const KIND_WORDS: Record<SubmissionArea['kind'], [one: string, many: string]> = {
  area: ['Area', 'areas'],
  line: ['Line', 'lines'],
  point: ['Point', 'points'],
};

const number = (n: number, digits: number) => n.toLocaleString('en', { maximumFractionDigits: digits });

/** "Area, 2.4 km²"; "2 lines, 3.1 km"; "Point": each size in km² or km, as the brief of a referral states it. */
export function areaWords(a: Pick<SubmissionArea, 'kind' | 'parts' | 'size'>): string {
  const [one, many] = KIND_WORDS[a.kind];
  const kind = a.parts > 1 ? `${a.parts} ${many}` : one;
  if (a.kind === 'area') {
    const km2 = a.size / 1_000_000;
    return `${kind}, ${number(km2, km2 < 1 ? 3 : km2 < 10 ? 2 : 1)} km²`;
  }
  if (a.kind === 'line') return `${kind}, ${number(a.size / 1000, 2)} km`;
  return kind;
}

const degrees = (v: number, pos: string, neg: string) => `${number(Math.abs(v), 5)}° ${v < 0 ? neg : pos}`;

/** "West 120.5° W, south 56.1° N, east 120.4° W, north 56.2° N": the box in longitude and latitude. */
export function boxWords([w, s, e, n]: BBox): string {
  return [
    `west ${degrees(w, 'E', 'W')}`,
    `south ${degrees(s, 'N', 'S')}`,
    `east ${degrees(e, 'E', 'W')}`,
    `north ${degrees(n, 'N', 'S')}`,
  ].join(', ');
}

/** The PDF's title line. */
export function titleOf(f: Pick<SubmissionFacts, 'draft' | 'community'>): string {
  if (f.draft)
    return f.community
      ? `Draft referral to ${f.community} (not submitted)`
      : 'Draft referral (not submitted)';
  return f.community ? `Referral submitted to ${f.community}` : 'Referral submitted';
}

const heading = (text: string) => ({ text: pdfText(text, true), fontSize: 12, margin: [0, 12, 0, 4] });
const para = (text: string) => ({ text: pdfText(text), margin: [0, 0, 0, 6] });

/** The facts as label and value rows; a value the reader may not read, or none given, is said so. */
function factRows(f: SubmissionFacts): [string, string][] {
  const rows: [string, string | null][] = [
    ['Project', f.project],
    ['Submitted to', f.community],
    ['Proponent', f.proponent],
    [f.contacts.length === 1 ? 'Contact' : 'Contacts', f.contacts.join(', ') || null],
    [f.fileNumbers.length === 1 ? 'File number' : 'File numbers', f.fileNumbers.join(', ') || 'None given'],
    ['Submitted', f.submitted ? longDate(f.submitted) : f.draft ? 'Not yet submitted' : null],
    ['Response requested by', f.requested ? longDate(f.requested) : 'No date given'],
    ['Region', f.region],
    ['Stream', f.stream],
    ['Project type', f.projectType],
  ];
  return rows.filter((r): r is [string, string] => !!r[1]);
}

function areaContent(f: SubmissionFacts): unknown[] {
  if (!f.areas.length) return [para('No project area was given.')];
  const out: unknown[] = [{ ul: f.areas.map((a) => ({ text: pdfText(`${a.label}: ${areaWords(a)}`) })) }];
  const areas = f.areas.filter((a) => a.kind === 'area');
  if (areas.length > 1)
    out.push(
      para(`Total: ${areaWords({ kind: 'area', parts: 1, size: areas.reduce((n, a) => n + a.size, 0) })}`),
    );
  if (f.box) out.push(para(`Bounding box (longitude, latitude): ${boxWords(f.box)}.`));
  return out;
}

/** The submission's PDF bytes, made at `now` on the site `siteName`. */
export async function submissionPdf(f: SubmissionFacts, siteName: string, now: Date): Promise<Buffer> {
  const made = `${longDate(now.toISOString())}, ${now.toISOString().slice(11, 16)} UTC`;
  const content: unknown[] = [
    { text: pdfText(titleOf(f), true), fontSize: 16, margin: [0, 0, 0, 4] },
    { text: pdfText(f.project, true), fontSize: 13, margin: [0, 0, 0, 12] },
    {
      table: {
        widths: [140, '*'],
        body: factRows(f).map(([k, v]) => [{ text: pdfText(k, true) }, { text: pdfText(v) }]),
      },
      layout: 'noBorders',
    },
  ];
  if (f.description) content.push(heading('Description'), para(f.description));
  if (f.location) content.push(heading('Location'), para(f.location));
  content.push(heading('Project area'), ...areaContent(f));
  if (f.files.length)
    content.push(heading('Files attached'), { ul: f.files.map((n) => ({ text: pdfText(n) })) });
  return renderPdf({
    title: `${titleOf(f)}: ${f.project}`,
    author: f.proponent ?? siteName,
    content,
    fontSize: 10,
    lineHeight: 1.25,
    footer: (page: number, pages: number) => ({
      text: pdfText(`${siteName} · Generated ${made} · Page ${page} of ${pages}`),
      fontSize: 8,
      color: '#555555',
      margin: [72, 30, 72, 0],
    }),
  });
}
