import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/memory-storage';
import { recentItems, rememberItem } from './recent';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('recently opened items', () => {
  it('are kept for each person apart: the next person at a shared computer sees none of the last one’s', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    rememberItem('User-1', 'Thread-7');
    rememberItem('User-1', 'Consultation-2');
    expect(recentItems('User-1')).toEqual(['Consultation-2', 'Thread-7']);
    expect(recentItems('User-2')).toEqual([]);
    expect(recentItems(null)).toEqual([]);
    rememberItem('User-2', 'Thread-7');
    expect(recentItems('User-2')).toEqual(['Thread-7']);
    expect(recentItems('User-1')).toEqual(['Consultation-2', 'Thread-7']);
  });

  it('drops the list once kept for everyone', () => {
    const storage = new MemoryStorage();
    storage.setItem('ckk-recent', JSON.stringify(['Thread-9']));
    vi.stubGlobal('localStorage', storage);
    expect(recentItems('User-1')).toEqual([]);
    rememberItem('User-1', 'Thread-7');
    expect(storage.getItem('ckk-recent')).toBeNull();
  });
});
