import { describe, expect, it } from 'vitest';
import { changedValues, filterRows, flattenMessages } from './systext-model';

describe('systext model', () => {
  it('flattens nested messages into dotted keys', () => {
    expect(flattenMessages({ nav: { home: 'Home', admin_state: 'State' }, x: 'X' })).toEqual([
      ['nav.home', 'Home'],
      ['nav.admin_state', 'State'],
      ['x', 'X'],
    ]);
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
