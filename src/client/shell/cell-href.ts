import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { openAfterUrl } from '../search/result-nav';
import { useCell } from './cell-api';

// A link that opens a cell: the address the cell would get (the cells up to this one, then the
// new one), so a middle click, Ctrl+click or "open in new tab" works, while a plain click opens
// the cell in place through the cell API (the usual drill-down, with its gates).

/** The parts of a click that say whether the browser should handle it itself. */
export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** Optional: a synthetic click in a test may leave it out. */
  defaultPrevented?: boolean;
}

/**
 * A plain left click, which the app handles (the item opens in the next cell); any other (middle
 * click, ctrl or cmd for a new tab, shift for a window) follows the link as the browser does.
 */
export function isPlainClick(e: ClickLike): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
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

/**
 * The address that opens an item in the next cell, for a router link (a plain click follows it in
 * the app; a middle click or Ctrl+click opens a new tab).
 */
export function useItemHref(): (id: string) => string {
  const cell = useCell();
  const { pathname, search } = useLocation();
  return (id: string) => openAfterUrl(pathname, search, cell.index, `i-${id}`, null);
}
