import { describe, expect, it } from 'vitest';
import {
  enterPath,
  entryPath,
  suggestionBody,
  suggestionEntries,
  typedId,
  type SuggestInput,
} from './suggestions';

const base: SuggestInput = { text: '', searched: '', state: 'NO_SEARCH', ids: [], labels: {} };

describe('global search suggestions', () => {
  it('shows nothing for empty text and asks for more under 3 characters', () => {
    expect(suggestionEntries(base)).toEqual([]);
    expect(suggestionEntries({ ...base, text: 'ri' })).toEqual([
      { kind: 'message', key: 'globalSearch.keepTyping', params: { n: 3 } },
      { kind: 'all', text: 'ri' },
    ]);
  });

  it('says it is searching until the reply for this text is in', () => {
    const e = suggestionEntries({ ...base, text: 'river', searched: 'rive', state: 'SUCCESS' });
    expect(e[0]).toEqual({ kind: 'message', key: 'globalSearch.searching' });
  });

  it('lists at most 5 suggestions with label and type, then the results entry', () => {
    const ids = ['Organization-1', 'Agreement-1', 'Thread-2', 'Contact-3', 'User-2', 'Agreement-9'];
    const e = suggestionEntries({
      ...base,
      text: 'river',
      searched: 'river',
      state: 'SUCCESS',
      ids,
      labels: { 'Organization-1': 'Riverbend First Nation' },
    });
    expect(e).toHaveLength(6);
    expect(e[0]).toEqual({
      kind: 'item',
      id: 'Organization-1',
      label: 'Riverbend First Nation',
      type: 'Organization',
    });
    expect(e[1]).toMatchObject({ kind: 'item', label: 'Agreement-1', type: 'Agreement' });
    expect(e[5]).toEqual({ kind: 'all', text: 'river' });
  });

  it('says no results, and shows failures as error keys', () => {
    expect(suggestionEntries({ ...base, text: 'zzz', searched: 'zzz', state: 'SUCCESS' })[0]).toEqual({
      kind: 'message',
      key: 'globalSearch.noResults',
    });
    expect(
      suggestionEntries({
        ...base,
        text: 'zzz',
        searched: 'zzz',
        state: 'FAILURE',
        error: 'networkError',
      })[0],
    ).toEqual({ kind: 'message', key: 'errors.networkError' });
  });

  it('knows complete item ids; Enter opens a shown item, else the results page', () => {
    expect(typedId(' Thread-3 ')).toBe('Thread-3');
    expect(typedId('Thread-0')).toBeNull();
    expect(typedId('Thread-3-1')).toBeNull();
    expect(typedId('river')).toBeNull();
    const shown = suggestionEntries({
      ...base,
      text: 'Thread-3',
      searched: 'Thread-3',
      state: 'SUCCESS',
      ids: ['Thread-3'],
      labels: { 'Thread-3': 'Referral backlog' },
    });
    expect(enterPath('Thread-3', shown)).toBe('/i-Thread-3');
    const hidden = suggestionEntries({
      ...base,
      text: 'Thread-3',
      searched: 'Thread-3',
      state: 'FAILURE',
      error: 'notAllowed',
    });
    expect(hidden[0]).toEqual({ kind: 'message', key: 'errors.notAllowed' });
    expect(enterPath('Thread-3', hidden)).toBe('/search?c0=Thread-3');
    expect(enterPath('  sto:lo ', [])).toBe('/search?c0=sto%3Alo');
    expect(enterPath(' ', [])).toBeNull();
  });

  it('builds the query and the paths of entries', () => {
    expect(suggestionBody(' river ')).toEqual({ must: { $text: ['river'] }, max: 5, labels: true });
    expect(entryPath({ kind: 'item', id: 'Thread-3', label: 'x', type: 'Thread' })).toBe('/i-Thread-3');
    expect(entryPath({ kind: 'all', text: 'a b' })).toBe('/search?c0=a+b');
    expect(entryPath({ kind: 'message', key: 'k' })).toBeNull();
  });
});
