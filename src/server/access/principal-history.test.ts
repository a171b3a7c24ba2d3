import { describe, expect, it } from 'vitest';
import type { Principal } from './principal';
import { principalAt, rightsBreaks } from './principal-history';

// A reader's rights at a past moment, from their membership and protocol events (principal-history.ts).

const now: Principal = {
  userId: 'User-5',
  admin: false,
  orgs: new Map([
    ['Organization-2', 'staff'],
    ['Organization-9', 'member'],
  ]),
  masqueradeFrom: null,
  protocols: new Set(['Protocol-1']),
};

const memberships = [
  { id: 10, org: 'Organization-2', roles: ['member'] },
  { id: 20, org: 'Organization-2', roles: ['staff'] },
  { id: 30, org: 'Organization-4', roles: ['editor'] },
  { id: 40, org: 'Organization-4', roles: [] },
];
const protocols = [
  { id: 25, protocol: 'Protocol-1', wasMember: false, isMember: true },
  { id: 35, protocol: 'Protocol-3', wasMember: true, isMember: false },
];

describe('principalAt', () => {
  it('gives each membership the roles of its latest change, and none before its first', () => {
    expect([...principalAt(now, memberships, protocols, 5).orgs]).toEqual([['Organization-9', 'member']]);
    expect(principalAt(now, memberships, protocols, 10).orgs.get('Organization-2')).toBe('member');
    expect(principalAt(now, memberships, protocols, 19).orgs.get('Organization-2')).toBe('member');
    expect(principalAt(now, memberships, protocols, 20).orgs.get('Organization-2')).toBe('staff');
    expect(principalAt(now, memberships, protocols, 30).orgs.get('Organization-4')).toBe('editor');
    expect(principalAt(now, memberships, protocols, 40).orgs.has('Organization-4')).toBe(false);
  });

  it('keeps a membership no event records as held all along', () => {
    expect(principalAt(now, memberships, protocols, 1).orgs.get('Organization-9')).toBe('member');
  });

  it('takes a protocol’s membership from its first change after the moment', () => {
    expect([...principalAt(now, memberships, protocols, 24).protocols!].sort()).toEqual(['Protocol-3']);
    expect([...principalAt(now, memberships, protocols, 25).protocols!].sort()).toEqual([
      'Protocol-1',
      'Protocol-3',
    ]);
    expect([...principalAt(now, memberships, protocols, 35).protocols!]).toEqual(['Protocol-1']);
    expect([...principalAt(now, memberships, protocols, Infinity).protocols!]).toEqual(['Protocol-1']);
  });

  it('lists every moment the rights changed', () => {
    expect(rightsBreaks(memberships, protocols)).toEqual([10, 20, 25, 30, 35, 40]);
  });
});
