import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * A Dexie query kept live: the component re-renders whenever the tables it reads change (in this
 * tab or another). `undefined` until the first answer.
 */
export function useLive<T>(query: () => Promise<T>, deps: readonly unknown[]): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    const sub = liveQuery(query).subscribe({ next: setValue, error: () => undefined });
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names the query's inputs
  }, deps);
  return value;
}
