import { describe, expect, it } from 'vitest';
import { formatDuration } from './admin-format';

describe('admin formats', () => {
  it('shows durations in days, hours and minutes', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(93_784)).toBe('1 d 2 h 3 min');
    expect(formatDuration(3_600)).toBe('1 h');
  });
});
