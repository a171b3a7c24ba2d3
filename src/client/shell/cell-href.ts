import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useCell } from './cell-api';

// A link that opens a cell: the address the cell would get (the cells up to this one, then the
// new one), so a middle click, Ctrl+click or "open in new tab" works, while a plain click opens
// the cell in place through the cell API (the usual drill-down, with its gates).

/** The URL of the cells up to `index` followed by `segment` (parameters c0…c{index} kept). */
export function cellHref(pathname: string, search: string, index: number, segment: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) segments.push('home');
  const kept = segments.slice(0, index + 1);
  const from = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (let i = 0; i <= index; i++) {
    const v = from.get(`c${i}`);
    if (v !== null) params.set(`c${i}`, v);
  }
  const q = params.toString();
  return `/${[...kept, encodeURIComponent(segment).replace(/%7E/g, '~')].join('/')}${q ? `?${q}` : ''}`;
}

/** A plain left click (no modifier): the app handles it; anything else is the browser's. */
export function isPlainClick(e: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** Props for an anchor that opens `segment` (e.g. i-Thread-3) as the next cell. */
export function useCellLink(): (segment: string) => { href: string; onClick(e: MouseEvent): void } {
  const cell = useCell();
  const location = useLocation();
  return (segment) => ({
    href: cellHref(location.pathname, location.search, cell.index, segment),
    onClick(e) {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      cell.open(segment);
    },
  });
}
