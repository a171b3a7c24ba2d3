import { useEffect, useRef } from 'react';
import type { Clause } from '../../protocol/query';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';
import { LIVE_REFETCH_MS, watchFilter, watchTypes, type TypeEnv } from './search-model';
import { typeOfId } from './suggestions';

/**
 * Keeps a search live (list screens, dashboard cards): a type watch per searched type, filtered
 * by the `must` clause without text and dates, and `refetch`, debounced, whenever a matching item
 * is created, changed or deleted; `onItem` sees each pushed item first. The watches end with the
 * component. `must` null: nothing to watch yet.
 */
export function useLiveRefetch(
  must: Clause | null,
  env: TypeEnv,
  refetch: () => unknown,
  onItem?: (item: Item) => void,
): void {
  const { client } = useApp();
  // The latest callbacks, without re-making the watches on each render.
  const latest = useRef({ refetch, onItem });
  useEffect(() => {
    latest.current = { refetch, onItem };
  }, [refetch, onItem]);

  const typesKey = must ? watchTypes(must, env).join(',') : '';
  const filterKey = JSON.stringify(must ? watchFilter(must) : {});
  useEffect(() => {
    const types = new Set(typesKey.split(',').filter(Boolean));
    if (!types.size) return;
    const filter = JSON.parse(filterKey) as Record<string, never[]>;
    const handles = [...types].map((t) => client.watchType(t, filter));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void latest.current.refetch(), LIVE_REFETCH_MS);
    };
    const offUpdated = client.on('itemUpdated', (b) => {
      const item = b as Item;
      if (!types.has(item._t)) return;
      latest.current.onItem?.(item);
      bump();
    });
    const offAction = client.on('item/action', (b) => {
      const id = (b as { itemID?: unknown }).itemID;
      if (typeof id === 'string' && types.has(typeOfId(id))) bump();
    });
    return () => {
      clearTimeout(timer);
      offUpdated();
      offAction();
      for (const h of handles) client.unwatchType(h);
    };
  }, [client, typesKey, filterKey]);
}
