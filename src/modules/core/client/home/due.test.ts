import { describe, expect, it } from 'vitest';
import { isOverdue } from './due';

describe('overdue', () => {
  const today = new Date(2026, 10, 24, 9, 30);
  it('is a due date before today, in the local calendar', () => {
    expect(isOverdue('2026-11-23', today)).toBe(true);
    expect(isOverdue('2025-12-31', today)).toBe(true);
    expect(isOverdue('2026-11-24', today)).toBe(false);
    expect(isOverdue('2026-12-15', today)).toBe(false);
  });
  it('is never a value that is not a date', () => {
    expect(isOverdue('', today)).toBe(false);
    expect(isOverdue('soon', today)).toBe(false);
  });
});
