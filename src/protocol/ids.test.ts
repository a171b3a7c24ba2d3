import { describe, expect, it } from 'vitest';
import { INVALID_ID, isCompleteId, isSystemId, makeId, parseId, tryParseId } from './ids';

// Spec core §3 and §5: an id is Type-number, optionally with a third number for items being
// created; no hyphen, or more than three dash-separated parts, is 'Invalid id'.

describe('parseId', () => {
  it('parses Type-number', () => {
    expect(parseId('Contact-12')).toEqual({ type: 'Contact', num: 12 });
  });

  it('parses a 3-part id of an item being created, keeping the third number apart', () => {
    expect(parseId('Contact-0-3')).toEqual({ type: 'Contact', num: 0, tmp: 3 });
    expect(parseId('Thread-7-2')).toEqual({ type: 'Thread', num: 7, tmp: 2 });
  });

  it('parses Type-0, the system id of a type', () => {
    expect(parseId('User-0')).toEqual({ type: 'User', num: 0 });
  });

  it('accepts dotted system type names', () => {
    expect(parseId('sys.alert-4')).toEqual({ type: 'sys.alert', num: 4 });
  });

  it("uses the exact message 'Invalid id'", () => {
    expect(INVALID_ID).toBe('Invalid id');
  });

  it.each(['Contact', 'Contact12', '', 'sys.alert'])("refuses %j (no hyphen) with 'Invalid id'", (id) => {
    expect(() => parseId(id)).toThrow(new Error('Invalid id'));
  });

  it.each(['Contact-1-2-3', 'A-1-2-3-4', 'Contact-1-2-'])(
    "refuses %j (more than 3 parts) with 'Invalid id'",
    (id) => {
      expect(() => parseId(id)).toThrow(new Error('Invalid id'));
    },
  );

  it.each(['Contact-x', 'Contact-1-x', 'Contact-1.5', 'Contact-', 'Contact--1', 'Contact- 1', 'Contact-1e3'])(
    "refuses %j (non-numeric part) with 'Invalid id'",
    (id) => {
      expect(() => parseId(id)).toThrow(new Error('Invalid id'));
    },
  );

  it.each(['-1', '1-2', ' -1'])("refuses %j (no type name) with 'Invalid id'", (id) => {
    expect(() => parseId(id)).toThrow(new Error('Invalid id'));
  });

  it.each([null, undefined, 12, { $id: 'Contact-1' }, ['Contact-1']])(
    "refuses the non-string %j with 'Invalid id'",
    (id) => {
      expect(() => parseId(id)).toThrow(new Error('Invalid id'));
    },
  );

  it('round-trips makeId', () => {
    expect(parseId(makeId('Organization', 42))).toEqual({ type: 'Organization', num: 42 });
    expect(makeId('Organization', 42)).toBe('Organization-42');
  });
});

describe('tryParseId', () => {
  it('returns null instead of throwing', () => {
    expect(tryParseId('nohyphen')).toBeNull();
    expect(tryParseId('A-1-2-3')).toBeNull();
    expect(tryParseId('A-1')).toEqual({ type: 'A', num: 1 });
  });
});

describe('isCompleteId', () => {
  it('is true for Type-number with a number above zero', () => {
    expect(isCompleteId('Contact-1')).toBe(true);
    expect(isCompleteId('Contact-123456')).toBe(true);
  });

  it('is false for the system id Type-0', () => {
    expect(isCompleteId('Contact-0')).toBe(false);
  });

  it('is false for 3-part ids of items being created', () => {
    expect(isCompleteId('Contact-0-1')).toBe(false);
    expect(isCompleteId('Contact-5-1')).toBe(false);
  });

  it('is false for invalid ids', () => {
    expect(isCompleteId('Contact')).toBe(false);
    expect(isCompleteId('Contact-a')).toBe(false);
    expect(isCompleteId('Contact-1-2-3')).toBe(false);
  });
});

describe('isSystemId', () => {
  it('is true for Type-0', () => {
    expect(isSystemId('Contact-0')).toBe(true);
    expect(isSystemId('User-0')).toBe(true);
  });

  it('is false for stored items, items being created and invalid ids', () => {
    expect(isSystemId('Contact-1')).toBe(false);
    expect(isSystemId('Contact-0-1')).toBe(false);
    expect(isSystemId('Contact')).toBe(false);
    expect(isSystemId('Contact-0-0-0')).toBe(false);
  });
});
