import type { TFunction } from 'i18next';
import { formatCents } from '../../kernel/money';
import type { PropertyDef } from '../../kernel/property';
import { formatSize } from '../../protocol/files';
import { formatDate, formatPhone } from './format';
import { enumLabel } from './labels';

// Values as text for read-only rendering (spec core §5 display formats).

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** The reader's language for money: the page's (the site's English until it has others). */
const moneyLocale = () => (typeof document !== 'undefined' && document.documentElement.lang) || 'en-CA';

export function displayScalar(t: TFunction, p: PropertyDef, v: unknown): string {
  if (isEmptyValue(v)) return '';
  switch (p.kind) {
    case 'boolean':
      return v === true ? t('item.yes') : t('item.no');
    case 'enum':
      return typeof v === 'string' ? enumLabel(t, v) : String(v);
    case 'date':
    case 'dateTime':
      return typeof v === 'string' ? formatDate(v) : String(v);
    case 'string':
      return typeof v === 'string' && p.format === 'phone' ? formatPhone(v) : String(v);
    case 'number':
      if (p.money && typeof v === 'number') return formatCents(v, moneyLocale());
      // A size-banded number is a byte count: shown in steps of 1000 (spec core §3).
      return p.facet === 'sizeBands' && typeof v === 'number' ? formatSize(v) : String(v);
    default:
      return typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
  }
}

/** A value of any kind as one line of text (lists joined with commas). */
export function displayValue(t: TFunction, p: PropertyDef, v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => displayScalar(t, p, x)).join(', ');
  return displayScalar(t, p, v);
}
