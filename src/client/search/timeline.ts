// The TIMELINE display: results grouped by the local day of a date, in result order.

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day (YYYY-MM-DD) of an ISO date or date-time; a plain date is its own day. */
export function dayOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local time (HH:mm) of an ISO date-time; empty for a plain date. */
export function timeOf(iso: string | null | undefined): string {
  if (!iso || !iso.includes('T')) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface DayGroup {
  /** YYYY-MM-DD, or null for items without the date. */
  day: string | null;
  ids: string[];
}

/** Consecutive results of the same day form one group (the list is sorted by that date). */
export function groupByDay(ids: readonly string[], dateOf: (id: string) => string | null): DayGroup[] {
  const out: DayGroup[] = [];
  for (const id of ids) {
    const day = dayOf(dateOf(id));
    const last = out[out.length - 1];
    if (last && last.day === day) last.ids.push(id);
    else out.push({ day, ids: [id] });
  }
  return out;
}
