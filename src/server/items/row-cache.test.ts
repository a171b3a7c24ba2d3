import { describe, expect, it } from 'vitest';
import { RowCache } from './row-cache';
import type { ItemRow } from './rows';

const row = (id: string, u: number): ItemRow => ({
  id,
  type: 'Thread',
  num: 1,
  owner: null,
  access: 'PUBLIC',
  createdBy: null,
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
