import { describe, expect, it } from 'vitest';
import type { AccessRow } from './access-row';
import { statesOf } from './access-history';

// The access row walked back from the present through an item's events (access-history.ts).

const now: AccessRow = {
  id: 'Thread-1',
  type: 'Thread',
  num: 1,
  owner: 'Organization-2',
  access: 'COMMUNITY',
  createdBy: 'User-1',
  data: { subject: 'Now' },
  grants: [{ principal: 'User-9', actions: ['read'], grantedBy: 'User-1' }],
  deleted: false,
  protocols: null,
  protocolStrict: false,
};

const at = (states: ReturnType<typeof statesOf>, id: number) =>
  [...states].reverse().find((s) => s.at <= id)!.row;

describe('statesOf', () => {
  it('undoes level, owner, protocols and data changes, oldest state first', () => {
    const states = statesOf(now, [
      {
        id: 10,
        kind: 'updated',
        actor: 'User-1',
        data: {
          changes: {
            $access: { from: 'PRIVATE', to: 'COMMUNITY' },
            $protocols: {
              from: { protocols: ['Protocol-1'], strict: true },
              to: { protocols: null, strict: false },
            },
            subject: { from: 'Then', to: 'Now' },
          },
        },
      },
      {
        id: 5,
        kind: 'updated',
        actor: 'User-1',
        data: { changes: { owner: { from: null, to: 'Organization-2' } } },
      },
    ]);
    expect(states.map((s) => s.at)).toEqual([-Infinity, 5, 10]);
    expect(states[0]!.row).toMatchObject({ owner: null, access: 'PRIVATE', protocols: ['Protocol-1'] });
    expect(at(states, 7)).toMatchObject({ owner: 'Organization-2', access: 'PRIVATE', protocolStrict: true });
    expect(at(states, 7).data).toEqual({ subject: 'Then' });
    expect(at(states, 10)).toEqual(now);
  });

  it('takes a grant first seen being given as absent before it, and one first seen removed as present', () => {
    const states = statesOf({ ...now, grants: [] }, [
      { id: 3, kind: 'grantRemoved', actor: 'User-1', data: { principal: 'User-7', grantedBy: null } },
      { id: 4, kind: 'granted', actor: 'User-1', data: { principal: 'User-8', actions: ['read'] } },
      { id: 6, kind: 'grantRemoved', actor: 'User-1', data: { principal: 'User-8', grantedBy: 'User-1' } },
    ]);
    const holders = (id: number) => at(states, id).grants.map((g) => g.principal);
    expect(holders(0)).toEqual(['User-7']);
    expect(holders(3)).toEqual([]);
    expect(holders(4)).toEqual(['User-8']);
    expect(holders(6)).toEqual([]);
  });

  it('follows memberships’ read grants to their organisation', () => {
    const user: AccessRow = {
      ...now,
      id: 'User-5',
      type: 'User',
      owner: null,
      access: 'PRIVATE',
      grants: [],
    };
    const states = statesOf(user, [
      { id: 2, kind: 'membershipChanged', actor: null, data: { org: 'Organization-3', roles: ['member'] } },
      { id: 8, kind: 'membershipChanged', actor: null, data: { org: 'Organization-3', roles: [] } },
    ]);
    expect(at(states, 1).grants).toEqual([]);
    expect(at(states, 5).grants).toEqual([
      { principal: 'Organization-3', actions: ['read'], grantedBy: 'membership' },
    ]);
    expect(at(states, 9).grants).toEqual([]);
  });
});
