import { describe, expect, it } from 'vitest';
import { contactOrgs, userStateOf } from './user-state';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 23, 12);
const seen = (days: number) => ({
  exists: true,
  blocked: false,
  lastSeen: new Date(now - days * DAY),
  invited: false,
});

describe('userStateOf', () => {
  it('names the account state, boundaries included in the shorter band', () => {
    expect(userStateOf(undefined, now)).toBe('NONE');
    expect(userStateOf({ exists: true, blocked: false, lastSeen: null, invited: false }, now)).toBe('NEVER');
    expect(userStateOf({ exists: true, blocked: false, lastSeen: null, invited: true }, now)).toBe('INVITED');
    expect(userStateOf({ ...seen(1), blocked: true }, now)).toBe('BLOCKED');
    expect(userStateOf({ exists: true, blocked: true, lastSeen: null, invited: true }, now)).toBe('BLOCKED');
    expect(userStateOf(seen(0), now)).toBe('WEEK');
    expect(userStateOf(seen(7), now)).toBe('WEEK');
    expect(userStateOf(seen(7.01), now)).toBe('DAYS_30');
    expect(userStateOf(seen(30), now)).toBe('DAYS_30');
    expect(userStateOf(seen(60), now)).toBe('DAYS_60');
    expect(userStateOf(seen(90), now)).toBe('DAYS_90');
    expect(userStateOf(seen(90.5), now)).toBe('NORECENT');
  });
});

describe('contactOrgs', () => {
  it('takes the related organisations and the owner, once each, and nothing else', () => {
    expect(
      contactOrgs({ _related: ['Organization-2', 'Program-1', 'Organization-2', 7] }, 'Organization-3'),
    ).toEqual(['Organization-2', 'Organization-3']);
    expect(contactOrgs({}, null)).toEqual([]);
  });
});
