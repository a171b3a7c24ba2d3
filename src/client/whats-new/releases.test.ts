import { describe, expect, it } from 'vitest';
import { compareVersions, latestVersion, unseenReleases, type Release } from './releases';

const rel = (version: string): Release => ({ version, date: '', load: async () => '' });

describe("what's new releases", () => {
  it('compares versions by number', () => {
    expect(compareVersions('0.10.0', '0.9.1')).toBeGreaterThan(0);
    expect(compareVersions('v2.3.70', '2.3.95')).toBeLessThan(0);
    expect(compareVersions('1.0', '1.0.0')).toBe(0);
  });
  it('counts the releases newer than the one viewed', () => {
    const list = [rel('2.3.95'), rel('2.3.80'), rel('2.3.70')];
    expect(unseenReleases(null, list)).toHaveLength(3);
    expect(unseenReleases('2.3.80', list).map((r) => r.version)).toEqual(['2.3.95']);
    expect(unseenReleases('2.3.95', list)).toHaveLength(0);
    expect(latestVersion(list)).toBe('2.3.95');
  });
});
