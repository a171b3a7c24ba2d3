import { describe, expect, it } from 'vitest';
import { bothRestrictions, importRestriction, levelWithin } from '../src/server/access/import-restriction';
import type { Principal } from '../src/server/access/principal';

// What an import's rows inherit (docs/access-model.md "Imports inherit"): the pure rules, beside
// the imports' own tests that drive them through a real server.

const open = (...protocols: string[]) => ({ protocols, strict: false });
const strict = (...protocols: string[]) => ({ protocols, strict: true });
const none = { protocols: null, strict: false };
const elder: Principal = {
  userId: 'User-2',
  admin: false,
  orgs: new Map([['Organization-1', 'editor']]),
  masqueradeFrom: null,
  protocols: new Set(['Protocol-1']),
};

describe('import restrictions', () => {
  it('a level no wider than the target’s', () => {
    expect(levelWithin('PRIVATE', 'COMMUNITY')).toBe(true);
    expect(levelWithin('COMMUNITY', 'COMMUNITY')).toBe(true);
    expect(levelWithin('PUBLIC', 'COMMUNITY')).toBe(false);
    expect(levelWithin('COMMUNITY', 'PROTECTED')).toBe(false);
  });

  it('two restrictions as one whose readers are both’s, or none when no one says it', () => {
    expect(bothRestrictions(none, open('Protocol-1', 'Protocol-2'))).toEqual(
      open('Protocol-1', 'Protocol-2'),
    );
    expect(bothRestrictions(open('Protocol-1'), none)).toEqual(open('Protocol-1'));
    expect(bothRestrictions(open('Protocol-1', 'Protocol-2'), open('Protocol-1', 'Protocol-2'))).toEqual(
      open('Protocol-1', 'Protocol-2'),
    );
    expect(bothRestrictions(strict('Protocol-1'), open('Protocol-2'))).toEqual(
      strict('Protocol-1', 'Protocol-2'),
    );
    expect(bothRestrictions(open('Protocol-1'), open('Protocol-2'))).toEqual(
      strict('Protocol-1', 'Protocol-2'),
    );
    expect(bothRestrictions(open('Protocol-1', 'Protocol-2'), open('Protocol-1'))).toBeNull();
    expect(bothRestrictions(open('Protocol-1', 'Protocol-2'), strict('Protocol-1', 'Protocol-2'))).toBeNull();
  });

  it('refuses a wider level, and protocols the importer is not in; admins are in every one', () => {
    const ceiling = { ceiling: 'COMMUNITY' as const, path: 'access' };
    expect(() => importRestriction(elder, none, { level: 'PUBLIC', ...ceiling })).toThrow(/wider/);
    expect(importRestriction(elder, open('Protocol-1'), { level: 'PRIVATE', ...ceiling })).toEqual(
      open('Protocol-1'),
    );
    expect(() => importRestriction(elder, strict('Protocol-1', 'Protocol-2'))).toThrow(/not in/);
    expect(importRestriction({ ...elder, admin: true }, strict('Protocol-1', 'Protocol-2'))).toEqual(
      strict('Protocol-1', 'Protocol-2'),
    );
  });
});
