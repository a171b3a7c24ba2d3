// The date picker's values (pure, unit-tested; no date library here, so it stays out of the
// start-up chunk): the form holds a date as YYYY-MM-DD and a date-time as a local
// YYYY-MM-DDTHH:mm (form-model.ts); the picker shows and takes DD-MMM-YYYY (spec core §5).

/** The picker's display format (dayjs tokens) by property kind. */
export const PICKER_FORMATS = { date: 'DD-MMM-YYYY', dateTime: 'DD-MMM-YYYY HH:mm' } as const;

/** The form's format (dayjs tokens) by property kind. */
export const FORM_FORMATS = { date: 'YYYY-MM-DD', dateTime: 'YYYY-MM-DDTHH:mm' } as const;

/**
 * What a half-typed or impossible date in the picker puts in the form: text that is no date, so
 * the validator names the field ("not a valid value") instead of the value silently vanishing.
 */
export const UNFINISHED_DATE = 'unfinished date';

/** The kinds edited with the picker: exact dates (not imprecise ones) and date-times, single values. */
export function usesDatePicker(p: { kind: string; impreciseDate?: boolean; list?: boolean }): p is {
  kind: 'date' | 'dateTime';
} {
  if (p.list) return false;
  return (p.kind === 'date' && p.impreciseDate !== true) || p.kind === 'dateTime';
}

/** A picker value (dayjs-like) as the form's text: '' for none, UNFINISHED_DATE when invalid. */
export function pickerToForm(
  v: { isValid(): boolean; format(f: string): string } | null,
  kind: 'date' | 'dateTime',
): string {
  if (v === null) return '';
  return v.isValid() ? v.format(FORM_FORMATS[kind]) : UNFINISHED_DATE;
}

/**
 * Whether the picker's field text holds a date partly typed: some section filled, some not. An
 * empty section shows its placeholder in one case (DD, MMMM, YYYY, hh, mm); a filled one shows
 * digits or a month's name (Dec). The picker itself reports a partly typed date as no value at
 * all, which would save as "no date".
 */
export function isPartialFieldText(text: string): boolean {
  const parts = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const filled = parts.filter((p) => /\d/.test(p) || /^[A-Z][a-z]+$/.test(p)).length;
  return filled > 0 && filled < parts.length;
}
