import { describe, expect, it } from 'vitest';
import { isPartialFieldText, pickerToForm, UNFINISHED_DATE, usesDatePicker } from './date-values';

const valid = (s: string) => ({ isValid: () => true, format: (f: string) => `${s}|${f}` });

describe('date picker values', () => {
  it('the picker edits exact dates and date-times, not imprecise dates nor lists', () => {
    expect(usesDatePicker({ kind: 'date' })).toBe(true);
    expect(usesDatePicker({ kind: 'dateTime' })).toBe(true);
    expect(usesDatePicker({ kind: 'date', impreciseDate: true })).toBe(false);
    expect(usesDatePicker({ kind: 'date', list: true })).toBe(false);
    expect(usesDatePicker({ kind: 'string' })).toBe(false);
  });
  it('puts the form format in the form, nothing for no value, and a text the validator refuses for a half-typed date', () => {
    expect(pickerToForm(valid('x'), 'date')).toBe('x|YYYY-MM-DD');
    expect(pickerToForm(valid('x'), 'dateTime')).toBe('x|YYYY-MM-DDTHH:mm');
    expect(pickerToForm(null, 'date')).toBe('');
    expect(pickerToForm({ isValid: () => false, format: () => 'Invalid Date' }, 'date')).toBe(
      UNFINISHED_DATE,
    );
  });
});

describe('a partly typed date in the picker', () => {
  it('is some sections filled and some not', () => {
    expect(isPartialFieldText('DD-Dec-2026')).toBe(true);
    expect(isPartialFieldText('15-MMMM-YYYY')).toBe(true);
    expect(isPartialFieldText('15-Dec-2026 hh:mm')).toBe(true);
    expect(isPartialFieldText('DD-MMMM-YYYY')).toBe(false);
    expect(isPartialFieldText('15-Dec-2026')).toBe(false);
    expect(isPartialFieldText('')).toBe(false);
  });
});
