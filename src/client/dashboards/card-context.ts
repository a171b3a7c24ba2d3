import { createContext, useContext, useEffect } from 'react';

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
