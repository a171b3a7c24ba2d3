// Format rules of spec core §5, shared by the derived validator and the client's display helpers.
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const HEX_RE = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const IMPRECISE_DATE_RE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

/** 10 digits, or 11 with a leading 1, plus an optional extension ("x123" or "ext 123"). */
export function isPhone(v: string): boolean {
  const m = /^(.*?)(?:\s*(?:x|ext\.?)\s*(\d{1,6}))?$/i.exec(v.trim());
  const digits = (m?.[1] ?? '').replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return false;
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

export function isUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function isDateTime(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v));
}

/** A real calendar date (rejects 2023-02-29); imprecise dates check only what they state. */
export function isCalendarDate(v: string, imprecise: boolean): boolean {
  if (!(imprecise ? IMPRECISE_DATE_RE : DATE_RE).test(v)) return false;
  if (v.length < 10) return true;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
