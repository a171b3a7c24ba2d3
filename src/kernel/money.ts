// Money as the app keeps it: whole cents of the site's currency, always integers, so no sum ever
// drifts by a float's fraction of a cent. A number property marked `money` is typed and shown as
// money ("45.50", "$1,234.50") and stored as cents (4550, 123450): the form and the display
// convert (client/items/form-model.ts, display.ts); the server sees only integers.

/** The currency money is shown in: the site's (Canada's first). */
export const SITE_CURRENCY = 'CAD';

/** Cents as money in the reader's language ("$1,234.50"). */
export function formatCents(cents: number, locale: string, currency = SITE_CURRENCY): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(cents / 100);
}

/** Cents as a form's text: 4550 → "45.50", 7 → "0.07", -250 → "-2.50" (no symbol, no grouping). */
export function centsToText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * What a person typed as money ("45", "45.5", "1,234.50", "$12", "-3.20") in whole cents, or
 * null when it is not an amount with at most two decimals. Never through a float multiply: the
 * digits are read as they are. Whether 0 or less may be kept is the property's number kind's
 * question (the validator's), not this one's.
 */
export function textToCents(text: string): number | null {
  const t = text.replace(/[\s$,]/g, '');
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] ? -cents : cents;
}
