import { describe, expect, it } from 'vitest';
import { bundleMessages, changedValues, filterRows, flattenMessages } from './systext-model';
import { en, enScreens } from '../../../../client/module-api';
import { coreEn } from '../../i18n/en';

describe('systext model', () => {
  it('flattens nested messages into dotted keys', () => {
    expect(flattenMessages({ nav: { home: 'Home', admin_state: 'State' }, x: 'X' })).toEqual([
      ['nav.home', 'Home'],
      ['nav.admin_state', 'State'],
      ['x', 'X'],
    ]);
  });
  it('lists both parts of the English bundle, a split section kept together', () => {
    expect(bundleMessages({ a: { x: '1' }, b: { y: '2' } }, { a: { z: '3' }, c: { w: '4' } })).toEqual([
      ['a.x', '1'],
      ['a.z', '3'],
      ['b.y', '2'],
      ['c.w', '4'],
    ]);
    const keys = bundleMessages(en, enScreens, coreEn).map(([k]) => k);
    expect(keys.length).toBe(
      flattenMessages(en).length + flattenMessages(enScreens).length + flattenMessages(coreEn).length,
    );
    // people is split: the masquerade messages load at start, the contact screens' with core's half.
    expect(keys).toContain('people.stop');
    expect(keys).toContain('people.invite');
  });
  it('filters on key, English and wording', () => {
    const rows: [string, string][] = [
      ['nav.home', 'Home'],
      ['nav.search', 'Search'],
    ];
    expect(filterRows(rows, 'sea', () => '')).toEqual([['nav.search', 'Search']]);
    expect(filterRows(rows, 'accueil', (k) => (k === 'nav.home' ? 'Accueil' : ''))).toEqual([
      ['nav.home', 'Home'],
    ]);
  });
  it('sends only changes, and null for an emptied override', () => {
    expect(changedValues({ a: 'A', b: '', c: 'same' }, { b: 'old', c: 'same' })).toEqual({ a: 'A', b: null });
  });
});
