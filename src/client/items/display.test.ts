import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { displayValue, isEmptyValue } from './display';
import { propLabel } from './labels';

// A stand-in for i18next: the key, or the default value when one is given.
const t = ((key: string, o?: { defaultValue?: string }) => o?.defaultValue ?? key) as unknown as TFunction;

describe('displayValue', () => {
  it('formats by kind', () => {
    expect(displayValue(t, { kind: 'date' }, '2026-03-05')).toBe('05-Mar-2026');
    expect(displayValue(t, { kind: 'string', format: 'phone' }, '604 555 1234 x5')).toBe('(604) 555-1234 x5');
    expect(displayValue(t, { kind: 'enum', values: ['NOT_FOR_PROFIT'] }, 'NOT_FOR_PROFIT')).toBe(
      'Not for profit',
    );
    expect(displayValue(t, { kind: 'boolean' }, true)).toBe('item.yes');
    expect(displayValue(t, { kind: 'number' }, 4.5)).toBe('4.5');
    expect(displayValue(t, { kind: 'string', list: true }, ['a', 'b'])).toBe('a, b');
  });

  it('knows empty values', () => {
    expect(isEmptyValue('')).toBe(true);
    expect(isEmptyValue([])).toBe(true);
    expect(isEmptyValue(false)).toBe(false);
    expect(displayValue(t, { kind: 'string' }, null)).toBe('');
  });
});

describe('propLabel', () => {
  it('humanizes missing translations', () => {
    expect(propLabel(t, 'Contact', 'mobilePhone')).toBe('Mobile phone');
    expect(propLabel(t, 'Contact', '_related')).toBe('Related');
    expect(propLabel(t, 'Thread', '$access')).toBe('item.access');
  });
});
