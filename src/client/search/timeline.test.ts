import { describe, expect, it } from 'vitest';
import { dayOf, groupByDay, timeOf } from './timeline';

describe('timeline groups', () => {
  it('groups consecutive results by local day', () => {
    const dates: Record<string, string | null> = {
      a: '2026-05-10T12:00:00',
      b: '2026-05-10T08:30:00',
      c: '2026-05-09T23:00:00',
      d: null,
      e: '2026-05-01',
    };
    expect(groupByDay(['a', 'b', 'c', 'd', 'e'], (id) => dates[id] ?? null)).toEqual([
      { day: '2026-05-10', ids: ['a', 'b'] },
      { day: '2026-05-09', ids: ['c'] },
      { day: null, ids: ['d'] },
      { day: '2026-05-01', ids: ['e'] },
    ]);
  });

  it('reads days and times', () => {
    expect(dayOf('2026-05-01')).toBe('2026-05-01');
    expect(dayOf('nonsense')).toBeNull();
    expect(dayOf(undefined)).toBeNull();
    expect(timeOf('2026-05-10T08:05:00')).toBe('08:05');
    expect(timeOf('2026-05-10')).toBe('');
  });
});
