import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { openAfterUrl } from '../search/result-nav';
import { useCell } from '../shell/cell-api';

// What a dashboard card's body tells its frame (DashboardCard): how many items it holds, shown
// beside its title. Small and free of the grid, so module cards can use it through module-api
// without bringing the grid into the start-up JavaScript.

/** Sets the count shown beside the card's title (null: none). */
export const CardCountContext = createContext<(count: number | null) => void>(() => undefined);

/** Shows `count` beside the title of the card this component is in (undefined/null: no count). */
export function useCardCount(count: number | null | undefined): void {
  const set = useContext(CardCountContext);
  useEffect(() => set(count ?? null), [set, count]);
}

/**
 * The address that opens an item in the next cell, as a list row does: a real link, so it opens
 * in a new tab too (middle click, Ctrl+click), and a plain click stays in the app.
 */
export function useItemHref(): (id: string) => string {
  const cell = useCell();
  const { pathname, search } = useLocation();
  return (id: string) => openAfterUrl(pathname, search, cell.index, `i-${id}`, null);
}
