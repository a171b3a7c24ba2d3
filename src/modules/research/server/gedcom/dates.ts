import { parseDate } from 'read-gedcom/dist/cjs/parse/value/date.js';
import type { ValuePartDate } from 'read-gedcom/dist/cjs/parse/value/dates.js';
import type { DateQualifier } from '../../types';

// A GEDCOM date as the genealogy keeps it (types.ts DATE_QUALIFIERS): an imprecise date (YYYY,
// YYYY-MM or YYYY-MM-DD, as much as the file says), a qualifier for how sure it is, and for a
// BET … AND or FROM … TO range its end. Nothing is made more exact than the file: "ABT 1890"
// stays the year 1890, about. A date the field cannot hold (a phrase, a Julian or Hebrew
// calendar date, a year before the common era) is not guessed: the caller keeps it as written,
// in a note, and reports it.

export interface KeptDate {
  date: string;
  qualifier?: DateQualifier;
  to?: string;
  /** A GEDCOM INT date's phrase: the date is the author's reading of it. */
  phrase?: string;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** A part date as an imprecise ISO date; null for what the field cannot hold. */
function iso(d: ValuePartDate | undefined): string | null {
  if (!d || !d.calendar.isGregorian || d.year.isBce || d.year.value < 1 || d.year.value > 9999) return null;
  let s = pad(d.year.value, 4);
  if ('month' in d) s += `-${pad(d.month, 2)}`;
  if ('day' in d) s += `-${pad(d.day, 2)}`;
  return s;
}

/** The kept form of a GEDCOM date value, or null when it cannot be kept as a date. */
export function keptDate(value: string): KeptDate | null {
  const v = parseDate(value.trim());
  if (!v || !v.hasDate) return null;
  if (v.isDatePunctual) {
    const date = iso(v.date);
    if (!date) return null;
    if (v.isDateApproximated) {
      const k = v.approximationKind;
      return { date, qualifier: k.isCalculated ? 'CAL' : k.isEstimated ? 'EST' : 'ABT' };
    }
    if (v.isDateInterpreted) return { date, phrase: v.phrase };
    return { date };
  }
  if (v.isDateRange) {
    const after = 'dateAfter' in v ? iso(v.dateAfter) : undefined;
    const before = 'dateBefore' in v ? iso(v.dateBefore) : undefined;
    if (after === null || before === null) return null;
    if (after && before) return { date: after, qualifier: 'BET', to: before };
    if (after) return { date: after, qualifier: 'AFT' };
    if (before) return { date: before, qualifier: 'BEF' };
    return null;
  }
  if (v.isDatePeriod) {
    const from = 'dateFrom' in v ? iso(v.dateFrom) : undefined;
    const to = 'dateTo' in v ? iso(v.dateTo) : undefined;
    if (from === null || to === null) return null;
    if (from && to) return { date: from, qualifier: 'FROM', to };
    if (from) return { date: from, qualifier: 'FROM' };
    if (to) return { date: to, qualifier: 'TO' };
  }
  return null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** An imprecise ISO date as a GEDCOM date (1890, JUN 1899, 3 MAR 1900); '' when it is none. */
export function gedcomDate(d: string | undefined): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(d ?? '');
  if (!m) return '';
  const [, y, mo, da] = m;
  const month = mo ? MONTHS[Number(mo) - 1] : undefined;
  return [da ? String(Number(da)) : '', month ?? '', y].filter(Boolean).join(' ');
}

/** A kept date written back as a GEDCOM date value (the qualifier and range end included). */
export function gedcomDateValue(date: string | undefined, qualifier: unknown, to: unknown): string {
  const d = gedcomDate(date);
  if (!d) return '';
  const end = gedcomDate(typeof to === 'string' ? to : undefined);
  switch (qualifier) {
    case 'ABT':
    case 'EST':
    case 'CAL':
    case 'BEF':
    case 'AFT':
      return `${qualifier} ${d}`;
    case 'BET':
      return end ? `BET ${d} AND ${end}` : `AFT ${d}`;
    case 'FROM':
      return end ? `FROM ${d} TO ${end}` : `FROM ${d}`;
    case 'TO':
      return `TO ${d}`;
    default:
      return d;
  }
}
