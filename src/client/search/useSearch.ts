import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { SearchQuery, SearchResult } from '../../protocol/query';
import { useApp, useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { RESULT_ITEMS_KEY } from './useResultItems';
import { buildQuery, type ScreenDef, type SearchState, type TypeEnv } from './search-model';
import { useLiveRefetch } from './useLiveRefetch';

/**
 * Runs the search of a screen and keeps it live: a type watch per listed type (filtered by the
 * `must` clause without text and dates) and a fetch again, debounced, whenever a matching item
 * is created, changed or deleted. The watches end when the list closes.
 */
export function useSearch(screen: ScreenDef, state: SearchState, env: TypeEnv) {
  const { client } = useApp();
  const me = useSession().user?.$id ?? null;
  const qc = useQueryClient();
  const query: SearchQuery = useMemo(
    () => buildQuery(screen, state, env, undefined, me),
    [screen, state, env, me],
  );
  const q = useQuery({
    queryKey: ['search', screen.name, query],
    queryFn: () => client.request<SearchResult>('search/ids', query),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

  // Shown item data follows a push at once; the list itself is fetched again.
  const followItem = useCallback(
    (item: Item) =>
      qc.setQueriesData<Record<string, Item>>({ queryKey: [RESULT_ITEMS_KEY] }, (old) =>
        old && old[item.$id] ? { ...old, [item.$id]: item } : old,
      ),
    [qc],
  );
  useLiveRefetch(query.must ?? {}, env, q.refetch, followItem);

  return { query, result: q.data, error: q.error, loading: q.isPending, fetching: q.isFetching };
}
