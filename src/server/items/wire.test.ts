import { describe, expect, it } from 'vitest';
import type { ItemRow } from './rows';
import { toWire } from './wire';

// toWire builds the wire item key by key (wire.ts says why): the same keys and values as the
// data plus the system keys, in that order, and never a prototype taken from the data.

const row = (data: Record<string, unknown>, extra: Partial<ItemRow> = {}): ItemRow =>
  ({
    id: 'Thread-7',
    type: 'Thread',
    num: 7,
    data,
    owner: 'Organization-1',
    access: 'COMMUNITY',
    createdBy: 'User-1',
    createdAt: '2026-11-29T00:00:00.000Z',
    updatedAt: '2026-11-29T01:00:00.000Z',
    updatedBy: null,
    u: 3,
    version: 2,
    deleted: false,
    protocols: null,
    protocolStrict: false,
    ...extra,
  }) as ItemRow;

describe('toWire', () => {
  it('gives the data, then the system keys; a system key wins over a data key of its name', () => {
    const w = toWire(row({ subject: 'River crossing', participants: ['User-2'], owner: 'spoofed' }));
    expect(w).toEqual({
      subject: 'River crossing',
      participants: ['User-2'],
      _t: 'Thread',
      _i: 7,
      $id: 'Thread-7',
      $version: 2,
      _u: 3,
      $access: 'COMMUNITY',
      owner: 'Organization-1',
      _c: { $id: 'User-1', ts: '2026-11-29T00:00:00.000Z' },
      _m: { ts: '2026-11-29T01:00:00.000Z' },
      url: '/i-Thread-7',
    });
    expect(Object.keys(w).slice(0, 3)).toEqual(['subject', 'participants', 'owner']);
  });

  it('names the protocols of a restricted item', () => {
    const w = toWire(row({}, { protocols: ['Protocol-1'], protocolStrict: true }));
    expect(w.$protocols).toEqual(['Protocol-1']);
    expect(w.$protocolsStrict).toBe(true);
  });

  it('never takes a prototype from a data key named __proto__', () => {
    const data = JSON.parse('{"__proto__": {"admin": true}, "subject": "x"}') as Record<string, unknown>;
    const w = toWire(row(data));
    expect(Object.getPrototypeOf(w)).toBe(Object.prototype);
    expect((w as Record<string, unknown>).admin).toBeUndefined();
    expect(w.subject).toBe('x');
  });
});
