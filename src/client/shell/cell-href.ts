import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { openAfterUrl } from '../search/result-nav';
import { useCell } from './cell-api';

// A link that opens a cell: the address the cell would get (the cells up to this one, then the
// new one), so a middle click, Ctrl+click or "open in new tab" works, while a plain click opens
// the cell in place through the cell API (the usual drill-down, with its gates).

/** A plain left click (no modifier): the app handles it; anything else is the browser's. */
export function isPlainClick(e: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** Props for an anchor that opens `segment` (e.g. i-Thread-3) as the next cell. */
export function useCellLink(): (segment: string) => { href: string; onClick(e: MouseEvent): void } {
  const cell = useCell();
  const location = useLocation();
  return (segment) => ({
    href: openAfterUrl(location.pathname, location.search, cell.index, segment, null),
    onClick(e) {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      cell.open(segment);
    },
  });
}
