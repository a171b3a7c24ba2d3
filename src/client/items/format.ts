// Display formats of spec core §5: dates as DD-MMM-YYYY (10-character strings are dates
// without time), phone numbers of 10 digits (or 11 with a leading 1) as (xxx) xxx-xxxx plus an
// optional extension. Also the conversions of <input type="datetime-local"> to and from ISO.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const month = (m: number) => MONTHS[m - 1] ?? String(m);

export interface DateFormatOptions {
  /** Show date-times in UTC instead of the browser's time zone (tests, server logs). */
  utc?: boolean;
}

/**
 * YYYY-MM-DD → DD-MMM-YYYY; YYYY-MM → MMM-YYYY; YYYY stays; an ISO date-time →
 * DD-MMM-YYYY HH:mm in local time. Anything else is returned as it is.
 */
export function formatDate(v: string, opts: DateFormatOptions = {}): string {
  const s = v.trim();
  let m = /^(\d{4})$/.exec(s);
  if (m) return m[1]!;
  m = /^(\d{4})-(\d{2})$/.exec(s);
  if (m) return `${month(Number(m[2]))}-${m[1]}`;
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return `${m[3]}-${month(Number(m[2]))}-${m[1]}`;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return v;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) return v;
  const [y, mo, day, h, mi] = opts.utc
    ? [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]
    : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
  return `${pad(day)}-${month(mo)}-${pad(y, 4)} ${pad(h)}:${pad(mi)}`;
}

/** (xxx) xxx-xxxx plus " x123" for an extension; other text is returned as it is. */
export function formatPhone(v: string): string {
  const m = /^(.*?)(?:\s*(?:x|ext\.?)\s*(\d{1,6}))?$/i.exec(v.trim());
  let digits = (m?.[1] ?? '').replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return v;
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return v;
  const ext = m?.[2] ? ` x${m[2]}` : '';
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}${ext}`;
}

/** An ISO date-time as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as ISO; null when it is not one. */
export function fromLocalInput(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** JSON for display and for the JSON text areas. */
export function formatJson(v: unknown): string {
  if (v === undefined) return '';
  return JSON.stringify(v, null, 2);
}
