import { describe, expect, it } from 'vitest';
import { RowCache, rowBytes } from './row-cache';
import type { ItemRow } from './rows';

const row = (id: string, u: number): ItemRow => ({
  id,
  type: 'Thread',
  num: 1,
  owner: null,
  access: 'PUBLIC',
  createdBy: null,
  protocols: null,
  protocolStrict: false,
  data: { subject: `v${u}` },
  grants: [],
  deleted: false,
  createdAt: '',
  updatedAt: '',
  u,
  version: u,
});

describe('RowCache', () => {
  it('never takes back a row older than a change already announced', () => {
    const c = new RowCache();
    c.put(row('Thread-1', 3));
    c.invalidate('Thread-1', 4); // the NOTIFY of a write arrives …
    c.put(row('Thread-1', 3)); // … before a slow read of the old row finishes
    expect(c.get('Thread-1')).toBeUndefined();
    c.put(row('Thread-1', 4));
    expect(c.get('Thread-1')?.data.subject).toBe('v4');
  });

  it('evicts the least recently used row', () => {
    const c = new RowCache(2);
    c.put(row('A-1', 1));
    c.put(row('B-1', 1));
    c.get('A-1');
    c.put(row('C-1', 1));
    expect(c.get('B-1')).toBeUndefined();
    expect(c.get('A-1')).toBeDefined();
    expect(c.get('C-1')).toBeDefined();
  });
});

describe('RowCache in bytes', () => {
  const big = (id: string, chars: number): ItemRow => ({ ...row(id, 1), data: { notes: 'x'.repeat(chars) } });

  it('keeps its estimated bytes under the bound, dropping the least recently used rows', () => {
    const c = new RowCache(20_000, 100_000);
    for (let i = 0; i < 50; i++) c.put(big(`M-${i}`, 10_000)); // ~20 KB each by rowBytes
    expect(c.bytes).toBeLessThanOrEqual(100_000);
    expect(c.size).toBe(Math.floor(100_000 / rowBytes(big('M-0', 10_000))));
    expect(c.get('M-49')).toBeDefined();
    expect(c.get('M-0')).toBeUndefined();
  });

  it('counts a replaced or invalidated row once', () => {
    const c = new RowCache(20_000, 1_000_000);
    c.put(big('M-1', 1000));
    c.put(big('M-1', 1000));
    expect(c.bytes).toBe(rowBytes(big('M-1', 1000)));
    c.invalidate('M-1', 2);
    expect(c.bytes).toBe(0);
    c.put(big('M-2', 1000));
    c.clear();
    expect(c.bytes).toBe(0);
  });

  it('does not keep a row bigger than a quarter of the bound', () => {
    const c = new RowCache(20_000, 100_000);
    c.put(big('M-1', 20_000));
    expect(c.get('M-1')).toBeUndefined();
    expect(c.bytes).toBe(0);
  });
});
