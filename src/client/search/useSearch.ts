import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { SearchQuery, SearchResult } from '../../protocol/query';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';
import { RESULT_ITEMS_KEY } from './useResultItems';
import {
  buildQuery,
  LIVE_REFETCH_MS,
  watchFilter,
  watchTypes,
  type ScreenDef,
  type SearchState,
  type TypeEnv,
} from './search-model';
import { typeOfId } from './suggestions';

/**
 * Runs the search of a screen and keeps it live: a type watch per listed type (filtered by the
 * `must` clause without text and dates) and a fetch again, debounced, whenever a matching item
 * is created, changed or deleted. The watches end when the list closes.
 */
export function useSearch(screen: ScreenDef, state: SearchState, env: TypeEnv) {
  const { client } = useApp();
  const qc = useQueryClient();
  const query: SearchQuery = useMemo(() => buildQuery(screen, state, env), [screen, state, env]);
  const q = useQuery({
    queryKey: ['search', screen.name, query],
    queryFn: () => client.request<SearchResult>('search/ids', query),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

  const refetch = useRef(q.refetch);
  useEffect(() => {
    refetch.current = q.refetch;
  }, [q.refetch]);

  const must = query.must ?? {};
  const typesKey = watchTypes(must, env).join(',');
  const filterKey = JSON.stringify(watchFilter(must));
  useEffect(() => {
    const types = new Set(typesKey.split(',').filter(Boolean));
    const filter = JSON.parse(filterKey) as Record<string, never[]>;
    const handles = [...types].map((t) => client.watchType(t, filter));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch.current(), LIVE_REFETCH_MS);
    };
    const offUpdated = client.on('itemUpdated', (b) => {
      const item = b as Item;
      if (!types.has(item._t)) return;
      // Shown item data follows the push at once; the list itself is fetched again.
      qc.setQueriesData<Record<string, Item>>({ queryKey: [RESULT_ITEMS_KEY] }, (old) =>
        old && old[item.$id] ? { ...old, [item.$id]: item } : old,
      );
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
  }, [client, qc, typesKey, filterKey]);

  return { query, result: q.data, error: q.error, loading: q.isPending, fetching: q.isFetching };
}
