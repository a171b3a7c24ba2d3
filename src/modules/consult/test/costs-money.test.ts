import { describe, expect, it } from 'vitest';
import { costTotals, entryCost, formatCents, formatHours } from '../costs-money';

// The cost sums are whole cents: per-entry rounding, never a float total.

describe('costTotals', () => {
  const rates = new Map([
    ['ELDER', 10000],
    ['OFFICER', 6533],
  ]);
  it('sums hours × rate per entry and expenses at cost, in cents', () => {
    const t = costTotals(
      [
        { hours: 2.5, role: 'ELDER' },
        { hours: 1.5, role: 'OFFICER' },
      ],
      [{ amount: 15000 }, { amount: 2375 }],
      rates,
    );
    // 2.5 × 100.00 = 250.00; 1.5 × 65.33 = 97.995 → 98.00 (rounded once, on the entry).
    expect(t).toEqual({
      hours: 4,
      timeCost: 25000 + 9800,
      expenses: 17375,
      total: 34800 + 17375,
      unrated: [],
    });
  });
  it('adds hours without float drift, and names a role without a rate', () => {
    const t = costTotals(
      [
        { hours: 0.1, role: 'ELDER' },
        { hours: 0.2, role: 'ELDER' },
        { hours: 3, role: 'LEGAL' },
      ],
      [],
      rates,
    );
    expect(t.hours).toBe(3.3);
    expect(t.timeCost).toBe(1000 + 2000);
    expect(t.unrated).toEqual(['LEGAL']);
    expect(Number.isInteger(t.total)).toBe(true);
  });
  it('is all zeros with nothing logged', () => {
    expect(costTotals([], [], rates)).toEqual({ hours: 0, timeCost: 0, expenses: 0, total: 0, unrated: [] });
  });
  it('rounds half a cent up on an entry', () => {
    expect(entryCost(0.5, 1)).toBe(1);
    expect(entryCost(1, undefined)).toBeNull();
  });
});

describe('formatting money', () => {
  it('formats cents with Intl', () => {
    expect(formatCents(123450, 'en-CA')).toBe('$1,234.50');
    expect(formatCents(5, 'en-CA')).toBe('$0.05');
    expect(formatHours(2.5, 'en')).toBe('2.5');
    expect(formatHours(1 / 3, 'en')).toBe('0.33');
  });
});
