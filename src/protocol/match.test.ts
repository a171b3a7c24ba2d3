import { describe, expect, it } from 'vitest';
import { MatchFilter, matches } from './match';

// A match filter: every key lists accepted values; an item matches when each key has a value
// in its list. For lists, any element matches; relation values match by their $id.

// An item as it goes out on the wire (src/server/items/wire.ts): _c is { $id?, ts }.
const contact = {
  _t: 'Contact',
  _i: 5,
  $id: 'Contact-5',
  firstName: 'Ada',
  notify: 'DIGEST',
  active: true,
  archived: false,
  score: 0,
  tags: ['elder', 'speaker'],
  _related: [{ $id: 'Organization-1' }, { $id: 'Organization-2' }],
  user: 'User-9',
  owner: { $id: 'Organization-3', label: 'Riverbend' },
  _c: { $id: 'User-1', ts: '2024-03-01T10:00:00.000Z' },
  nothing: null,
};

describe('matches on scalars', () => {
  it('matches a string value in the accepted list', () => {
    expect(matches(contact, { notify: ['DIGEST'] })).toBe(true);
    expect(matches(contact, { notify: ['IMMEDIATE', 'DIGEST'] })).toBe(true);
  });

  it('does not match a value outside the accepted list', () => {
    expect(matches(contact, { notify: ['IMMEDIATE', 'NONE'] })).toBe(false);
  });

  it('is case-sensitive', () => {
    expect(matches(contact, { notify: ['digest'] })).toBe(false);
  });

  it('needs every key to match', () => {
    expect(matches(contact, { notify: ['DIGEST'], firstName: ['Ada'] })).toBe(true);
    expect(matches(contact, { notify: ['DIGEST'], firstName: ['Grace'] })).toBe(false);
  });

  it('matches numbers, also when the filter carries them as strings', () => {
    expect(matches(contact, { _i: [5] })).toBe(true);
    expect(matches(contact, { _i: ['5'] })).toBe(true);
    expect(matches(contact, { _i: [6] })).toBe(false);
    expect(matches(contact, { score: [0] })).toBe(true);
    expect(matches(contact, { score: [''] })).toBe(false);
  });

  it('matches booleans and keeps false apart from null', () => {
    expect(matches(contact, { active: [true] })).toBe(true);
    expect(matches(contact, { active: [false] })).toBe(false);
    expect(matches(contact, { archived: [false] })).toBe(true);
    expect(matches(contact, { archived: [null] })).toBe(false);
  });

  it('an empty filter matches every item', () => {
    expect(matches(contact, {})).toBe(true);
  });

  it('an empty accepted list matches nothing', () => {
    expect(matches(contact, { notify: [] })).toBe(false);
  });
});

describe('matches on lists', () => {
  it('matches when any element is accepted', () => {
    expect(matches(contact, { tags: ['speaker'] })).toBe(true);
    expect(matches(contact, { tags: ['youth', 'elder'] })).toBe(true);
  });

  it('does not match when no element is accepted', () => {
    expect(matches(contact, { tags: ['youth'] })).toBe(false);
  });

  it('an empty list matches nothing but null', () => {
    const item = { tags: [] as string[] };
    expect(matches(item, { tags: ['elder'] })).toBe(false);
  });
});

describe('matches on relation values', () => {
  it('matches a list of relation objects by $id', () => {
    expect(matches(contact, { _related: ['Organization-2'] })).toBe(true);
    expect(matches(contact, { _related: ['Organization-4'] })).toBe(false);
  });

  it('matches a single relation object by $id, not by its other fields', () => {
    expect(matches(contact, { owner: ['Organization-3'] })).toBe(true);
    expect(matches(contact, { owner: ['Riverbend'] })).toBe(false);
  });

  it('matches a relation stored as a plain id string', () => {
    expect(matches(contact, { user: ['User-9'] })).toBe(true);
    expect(matches(contact, { user: ['User-8'] })).toBe(false);
  });

  it('matches the created-by relation _c by $id', () => {
    expect(matches(contact, { _c: ['User-1'] })).toBe(true);
    expect(matches(contact, { _c: ['User-2'] })).toBe(false);
  });

  it('treats a relation object without $id (a system-made _c) as absent, never as "[object Object]"', () => {
    // The wire always carries _c = { ts } and adds $id only when a user made the item.
    const systemMade = { _c: { ts: '2024-03-01T10:00:00.000Z' } };
    expect(matches(systemMade, { _c: ['User-1'] })).toBe(false);
    expect(matches(systemMade, { _c: ['[object Object]'] })).toBe(false);
    expect(matches(systemMade, { _c: [null] })).toBe(true);
  });
});

describe('matches on nested paths', () => {
  it("reads '_c.ts' inside _c", () => {
    expect(matches(contact, { '_c.ts': ['2024-03-01T10:00:00.000Z'] })).toBe(true);
    expect(matches(contact, { '_c.ts': ['2024-03-02T10:00:00.000Z'] })).toBe(false);
  });

  it('reads deeper paths', () => {
    const item = { a: { b: { c: 'deep' } } };
    expect(matches(item, { 'a.b.c': ['deep'] })).toBe(true);
    expect(matches(item, { 'a.b.c': ['shallow'] })).toBe(false);
  });

  it('treats a path through a scalar or null as missing', () => {
    expect(matches(contact, { 'firstName.length': [3] })).toBe(false);
    expect(matches(contact, { 'firstName.length': [null] })).toBe(true);
    expect(matches(contact, { 'nothing.x': [null] })).toBe(true);
    expect(matches(contact, { 'nothing.x': ['x'] })).toBe(false);
  });
});

describe('matches on missing keys', () => {
  it('a missing key matches only null', () => {
    expect(matches(contact, { middleName: [null] })).toBe(true);
    expect(matches(contact, { middleName: ['Ann'] })).toBe(false);
    expect(matches(contact, { middleName: [''] })).toBe(false);
    expect(matches(contact, { middleName: [false] })).toBe(false);
  });

  it('a null value matches null', () => {
    expect(matches(contact, { nothing: [null] })).toBe(true);
    expect(matches(contact, { nothing: ['null'] })).toBe(false);
  });

  it('a present value does not match null', () => {
    expect(matches(contact, { notify: [null] })).toBe(false);
    expect(matches(contact, { notify: [null, 'DIGEST'] })).toBe(true);
  });

  it('a missing nested path matches only null', () => {
    expect(matches(contact, { '_c.nope': [null] })).toBe(true);
    expect(matches(contact, { 'missing.ts': ['2024-03-01T10:00:00.000Z'] })).toBe(false);
  });
});

describe('MatchFilter schema', () => {
  it('accepts lists of scalars', () => {
    expect(MatchFilter.safeParse({ a: ['x', 1, true, null] }).success).toBe(true);
  });

  it('refuses non-list values and object elements', () => {
    expect(MatchFilter.safeParse({ a: 'x' }).success).toBe(false);
    expect(MatchFilter.safeParse({ a: [{ $id: 'User-1' }] }).success).toBe(false);
  });

  it('refuses more than 1000 accepted values and keys over 200 characters', () => {
    expect(MatchFilter.safeParse({ a: Array.from({ length: 1001 }, (_, i) => i) }).success).toBe(false);
    expect(MatchFilter.safeParse({ a: Array.from({ length: 1000 }, (_, i) => i) }).success).toBe(true);
    expect(MatchFilter.safeParse({ ['k'.repeat(201)]: ['x'] }).success).toBe(false);
  });
});
