import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { cardSearchQuery, type RegisteredCard } from '../../kernel/dashboard';
import type { SearchResult } from '../../protocol/query';
import { useLiveRefetch } from '../search/useLiveRefetch';
import { useTypeEnv } from '../search/useTypeEnv';
import { useApp } from '../state/app-context';

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

  useLiveRefetch(query?.must ?? null, env, q.refetch);

  return { result: q.data, error: q.error, loading: q.isPending && query !== null && ready };
}
