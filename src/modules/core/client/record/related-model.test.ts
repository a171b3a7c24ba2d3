import { describe, expect, it } from 'vitest';
import { groupRelated, relatedQuery, typeOfId } from './related-model';

describe('relatedQuery', () => {
  it('asks for what points at the item, leaving out its own files, messages, notifications and conversations', () => {
    const q = relatedQuery('Contact-3', 10);
    expect(q.must).toEqual({ $linked: ['Contact-3'] });
    expect(q.mustNot).toEqual({ _t: ['Notify', 'Attachment', 'Message'], context: ['Contact-3'] });
    expect(q.facets).toEqual(['_t']);
    expect(q.max).toBe(10);
  });
});

describe('groupRelated', () => {
  it('groups by type in the order of the results, with the facet counts', () => {
    const groups = groupRelated(
      ['Thread-2', 'Agreement-1', 'Thread-7', 'LOVValue-3'],
      [
        { value: 'Thread', count: 12 },
        { value: 'Agreement', count: 1 },
      ],
    );
    expect(groups).toEqual([
      { type: 'Thread', count: 12, ids: ['Thread-2', 'Thread-7'] },
      { type: 'Agreement', count: 1, ids: ['Agreement-1'] },
      // No facet bucket: at least what is shown.
      { type: 'LOVValue', count: 1, ids: ['LOVValue-3'] },
    ]);
  });
  it('reads a type from an id', () => {
    expect(typeOfId('SavedSearch-10')).toBe('SavedSearch');
  });
});
