import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './admin-format';

describe('admin formats', () => {
  it('shows sizes in steps of 1000 with one decimal', () => {
    expect(formatBytes(999)).toBe('999 Bytes');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(23_400_000)).toBe('23.4 MB');
  });
  it('shows durations in days, hours and minutes', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(93_784)).toBe('1 d 2 h 3 min');
    expect(formatDuration(3_600)).toBe('1 h');
  });
});
