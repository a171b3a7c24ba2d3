import { describe, expect, it } from 'vitest';
import { formatDate, formatJson, formatPhone, fromLocalInput, toLocalInput } from './format';

describe('formatDate', () => {
  it('shows 10-character dates as DD-MMM-YYYY', () => {
    expect(formatDate('2026-03-05')).toBe('05-Mar-2026');
    expect(formatDate('1999-12-31')).toBe('31-Dec-1999');
  });

  it('shows imprecise dates with what they state', () => {
    expect(formatDate('2026')).toBe('2026');
    expect(formatDate('2026-11')).toBe('Nov-2026');
  });

  it('shows date-times with the time', () => {
    expect(formatDate('2026-03-05T14:07:00.000Z', { utc: true })).toBe('05-Mar-2026 14:07');
    expect(formatDate('2026-01-01T00:00:00Z', { utc: true })).toBe('01-Jan-2026 00:00');
  });

  it('leaves other text alone', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2026-13-45T99:99')).toBe('2026-13-45T99:99');
  });
});

describe('formatPhone', () => {
  it('formats 10 digits', () => {
    expect(formatPhone('6045551234')).toBe('(604) 555-1234');
    expect(formatPhone('604-555-1234')).toBe('(604) 555-1234');
    expect(formatPhone('(604) 555 1234')).toBe('(604) 555-1234');
  });

  it('drops a leading 1 of 11 digits', () => {
    expect(formatPhone('1 604 555 1234')).toBe('(604) 555-1234');
    expect(formatPhone('+1-604-555-1234')).toBe('(604) 555-1234');
  });

  it('keeps an extension', () => {
    expect(formatPhone('6045551234 x12')).toBe('(604) 555-1234 x12');
    expect(formatPhone('604.555.1234 ext. 987')).toBe('(604) 555-1234 x987');
  });

  it('leaves other numbers alone', () => {
    expect(formatPhone('555-1234')).toBe('555-1234');
    expect(formatPhone('26045551234')).toBe('26045551234');
    expect(formatPhone('call me')).toBe('call me');
  });
});

describe('datetime-local conversion', () => {
  it('round-trips to the minute', () => {
    const iso = '2026-03-05T14:07:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
  });

  it('reads local values as local time', () => {
    const d = new Date(2026, 2, 5, 9, 30);
    expect(fromLocalInput('2026-03-05T09:30')).toBe(d.toISOString());
  });

  it('rejects what is not a datetime-local value', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-03-05')).toBeNull();
    expect(toLocalInput('nonsense')).toBe('nonsense');
  });
});

describe('formatJson', () => {
  it('indents', () => {
    expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(formatJson(undefined)).toBe('');
  });
});
