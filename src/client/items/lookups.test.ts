import { describe, expect, it } from 'vitest';
import { isLovReply, lovEntries, lovOptions, readSearchReply, searchBody } from './lookups';

describe('searchBody', () => {
  it('names the target types and the text', () => {
    expect(searchBody(['User', 'Contact'], 'ann')).toEqual({
      must: { _t: ['User', 'Contact'], $text: ['ann'] },
      max: 20,
      labels: true,
      excludeBlocked: true,
    });
  });

  it('leaves out the types for any type', () => {
    expect(searchBody(['*'], 'ri').must).toEqual({ $text: ['ri'] });
    expect(searchBody(undefined, 'ri').must).toEqual({ $text: ['ri'] });
  });
});

describe('readSearchReply', () => {
  it('reads ids and labels', () => {
    expect(readSearchReply({ ids: ['User-1', 3], labels: { 'User-1': 'Ann', x: 1 } })).toEqual({
      ids: ['User-1'],
      labels: { 'User-1': 'Ann' },
    });
  });

  it('gives nothing for odd replies', () => {
    expect(readSearchReply(null)).toEqual({ ids: [], labels: {} });
    expect(readSearchReply('x')).toEqual({ ids: [], labels: {} });
  });
});

describe('lists of values', () => {
  const reply = {
    'Organization-1': {
      ROAD: { t: { en: 'Road' }, state: 'ACTIVE' },
      OLD: { t: { en: 'Old way' }, state: 'ARCHIVED' },
    },
    'Organization-2': { ROAD: { t: { en: 'Highway' } }, RIVER: { t: { fr: 'Rivière' } } },
  };

  it('recognises the reply shape (an HTML page is not one)', () => {
    expect(isLovReply(reply)).toBe(true);
    expect(isLovReply('<html>')).toBe(false);
    expect(isLovReply({ a: 1 })).toBe(false);
  });

  it('prefers the item owner’s labels and falls back to English, then the key', () => {
    const e = lovEntries(reply, 'Organization-1', 'en');
    expect(e.get('ROAD')?.label).toBe('Road');
    expect(e.get('RIVER')?.label).toBe('RIVER');
    expect(lovEntries(reply, 'Organization-2', 'en').get('ROAD')?.label).toBe('Highway');
    expect(lovEntries(reply, null, 'fr').get('RIVER')?.label).toBe('Rivière');
  });

  it('hides archived values unless current, and keeps an unknown current value', () => {
    const e = lovEntries(reply, 'Organization-1', 'en');
    expect(lovOptions(e, '').map((o) => o.key)).toEqual(['ROAD', 'RIVER']);
    expect(lovOptions(e, 'OLD').map((o) => o.key)).toEqual(['ROAD', 'RIVER', 'OLD']);
    expect(lovOptions(e, 'GONE').map((o) => o.key)).toEqual(['GONE', 'ROAD', 'RIVER']);
  });
});
