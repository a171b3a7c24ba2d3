import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { cardSearchQuery, type RegisteredCard } from '../../kernel/dashboard';
import type { SearchResult } from '../../protocol/query';
import { LIVE_REFETCH_MS, watchFilter, watchTypes } from '../search/search-model';
import { typeOfId } from '../search/suggestions';
import { useTypeEnv } from '../search/useTypeEnv';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';

/**
 * A card's search (`search/ids`, so the server's policy decides what it shows), kept live as list
 * screens are (useSearch): a type watch per searched type, and a fetch again, debounced, when an
 * item of those types is created, changed or deleted. It also fetches again when the window
 * regains focus.
 */
export function useCardSearch(card: RegisteredCard, range?: { from: string; to: string }) {
  // A calendar searches once it knows the range it shows.
  const ready = card.kind !== 'calendar' || range !== undefined;
  const { client } = useApp();
  const env = useTypeEnv();
  const query = useMemo(() => cardSearchQuery(card, range), [card, range]);
  const q = useQuery({
    queryKey: ['dashboardCard', card.id, query],
    queryFn: () => client.request<SearchResult>('search/ids', query),
    enabled: query !== null && ready,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

  const refetch = useRef(q.refetch);
  useEffect(() => {
    refetch.current = q.refetch;
  }, [q.refetch]);

  const must = query?.must ?? {};
  const typesKey = query ? watchTypes(must, env).join(',') : '';
  const filterKey = JSON.stringify(watchFilter(must));
  useEffect(() => {
    const types = new Set(typesKey.split(',').filter(Boolean));
    if (!types.size) return;
    const filter = JSON.parse(filterKey) as Record<string, never[]>;
    const handles = [...types].map((t) => client.watchType(t, filter));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch.current(), LIVE_REFETCH_MS);
    };
    const offUpdated = client.on('itemUpdated', (b) => {
      if (types.has((b as Item)._t)) bump();
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

  return { result: q.data, error: q.error, loading: q.isPending && query !== null && ready };
}
