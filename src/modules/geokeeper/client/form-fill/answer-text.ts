// Answers as a person types them and as the form engine keeps them: numbers as JSON numbers (a
// half-typed number stays text, which the engine reports as the wrong kind until it is one), a
// date and time as ISO with the device's offset.

export function numberFromInput(raw: string, integer: boolean): unknown {
  const s = raw.trim().replace(',', '.');
  if (s === '') return undefined;
  const ok = integer ? /^-?\d+$/.test(s) : /^-?(\d+\.?\d*|\.\d+)$/.test(s);
  return ok ? Number(s) : raw;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as a datetime-local input shows it (the device's time). */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as ISO with the device's offset (`2026-10-14T09:30:00-06:00`). */
export function fromLocalInput(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  if (Number.isNaN(d.getTime())) return undefined;
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${local.length === 16 ? `${local}:00` : local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function numberToInput(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' ? v : '';
}
