import { describe, expect, it } from 'vitest';
import { passesKeyCaps } from './key-caps';

describe('passesKeyCaps', () => {
  it('lets an ungated entry through everywhere', () => {
    expect(passesKeyCaps({}, [])).toBe(true);
    expect(passesKeyCaps({}, ['Research'])).toBe(true);
  });

  it('keyCap: only where the deployment names it', () => {
    expect(passesKeyCaps({ keyCap: 'Research' }, [])).toBe(false);
    expect(passesKeyCaps({ keyCap: 'Research' }, ['Consult'])).toBe(false);
    expect(passesKeyCaps({ keyCap: 'Research' }, ['Consult', 'Research'])).toBe(true);
  });

  it('dedicatedKeyCap: everywhere on a shared deployment, only where named on a dedicated one', () => {
    expect(passesKeyCaps({ dedicatedKeyCap: 'Consult' }, [])).toBe(true);
    expect(passesKeyCaps({ dedicatedKeyCap: 'Consult' }, ['Research'])).toBe(false);
    expect(passesKeyCaps({ dedicatedKeyCap: 'Consult' }, ['Consult'])).toBe(true);
  });
});
