import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCell } from '../shell/cell-api';
import {
  loadResults,
  neighbour,
  positionOf,
  replaceCellUrl,
  resultListKey,
  segmentAt,
  type Direction,
} from './result-nav';

export function sessionStore(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

export interface ResultNav {
  position: number;
  count: number;
  go(dir: Direction): void;
}

/**
 * Previous/next for an item cell opened from a result list (cell parameter r:{listKey}): the
 * neighbour replaces this cell, wrapping around. Null when the cell was not opened from a list.
 */
export function useResultNav(): ResultNav | null {
  const { index } = useCell();
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname, search } = location;
  return useMemo(() => {
    const key = resultListKey(new URLSearchParams(search).get(`c${index}`));
    const segment = segmentAt(pathname, index);
    if (!key || !segment?.startsWith('i-')) return null;
    const id = segment.slice(2).split('~')[0]!;
    const ids = loadResults(sessionStore(), key);
    if (!neighbour(ids, id, 'next')) return null;
    return {
      position: positionOf(ids, id),
      count: ids.length,
      go(dir: Direction) {
        const to = neighbour(ids, id, dir);
        if (to) void navigate(replaceCellUrl(pathname, search, index, `i-${to}`));
      },
    };
  }, [index, pathname, search, navigate]);
}
