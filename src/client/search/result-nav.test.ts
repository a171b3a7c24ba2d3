import { describe, expect, it } from 'vitest';
import {
  loadResults,
  neighbour,
  openAfterUrl,
  positionOf,
  replaceCellUrl,
  resultListKey,
  resultParam,
  segmentAt,
  storeResults,
} from './result-nav';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('previous and next', () => {
  const ids = ['Contact-1', 'Contact-2', 'Contact-3'];

  it('walks the list and wraps around at both ends', () => {
    expect(neighbour(ids, 'Contact-1', 'next')).toBe('Contact-2');
    expect(neighbour(ids, 'Contact-3', 'next')).toBe('Contact-1');
    expect(neighbour(ids, 'Contact-1', 'previous')).toBe('Contact-3');
    expect(neighbour(ids, 'Contact-2', 'previous')).toBe('Contact-1');
  });

  it('has nowhere to go in an empty or one-item list; a vanished item steps to an end', () => {
    expect(neighbour([], 'Contact-1', 'next')).toBeNull();
    expect(neighbour(['Contact-1'], 'Contact-1', 'next')).toBeNull();
    expect(neighbour(ids, 'Contact-9', 'next')).toBe('Contact-1');
    expect(neighbour(ids, 'Contact-9', 'previous')).toBe('Contact-3');
    expect(positionOf(ids, 'Contact-3')).toBe(3);
    expect(positionOf(ids, 'Contact-9')).toBe(0);
  });

  it('reads the list key from the cell parameter', () => {
    expect(resultListKey('r:my-contacts')).toBe('my-contacts');
    expect(resultParam('search')).toBe('r:search');
    expect(resultListKey('r:')).toBeNull();
    expect(resultListKey('river')).toBeNull();
    expect(resultListKey(null)).toBeNull();
  });

  it('keeps the ids in session storage', () => {
    const s = memoryStorage();
    storeResults(s, 'search', ids);
    expect(loadResults(s, 'search')).toEqual(ids);
    expect(loadResults(s, 'other')).toEqual([]);
    s.setItem('ckk-results:bad', '{not json');
    expect(loadResults(s, 'bad')).toEqual([]);
    expect(loadResults(null, 'search')).toEqual([]);
  });

  it('replaces the cell in the URL, closing those after it and keeping its parameter', () => {
    expect(
      replaceCellUrl(
        '/my-contacts/i-Contact-1/i-Organization-1',
        '?c0=moose&c1=r%3Amy-contacts&c2=x',
        1,
        'i-Contact-2',
      ),
    ).toBe('/my-contacts/i-Contact-2?c0=moose&c1=r%3Amy-contacts');
    expect(replaceCellUrl('/search/i-Thread-3', '?c1=r%3Asearch&h=abc', 1, 'i-Agreement-1')).toBe(
      '/search/i-Agreement-1?c1=r%3Asearch&h=abc',
    );
    expect(
      openAfterUrl('/search/i-Thread-3/i-User-2', '?c0=river&h=abc&c2=x', 0, 'i-Agreement-1', 'r:search'),
    ).toBe('/search/i-Agreement-1?c0=river&h=abc&c1=r%3Asearch');
    expect(openAfterUrl('/my-contacts', '', 0, 'i-Contact-2', null)).toBe('/my-contacts/i-Contact-2');
    expect(segmentAt('/search/i-Thread-3', 1)).toBe('i-Thread-3');
    expect(segmentAt('/search', 1)).toBeNull();
  });
});
