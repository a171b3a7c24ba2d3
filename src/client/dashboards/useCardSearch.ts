import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  calendarSearchQuery,
  calendarSources,
  cardSearchQuery,
  resolveCardValues,
  type CardSearchBody,
  type RegisteredCard,
} from '../../kernel/dashboard';
import type { SearchResult } from '../../protocol/query';
import { useLiveRefetch } from '../search/useLiveRefetch';
import { useTypeEnv } from '../search/useTypeEnv';
import { useApp, useSession } from '../state/app-context';

type Range = { from: string; to: string };

/** A card query as this person asks it now (`$me`, `$now`; kernel/dashboard.ts resolveCardValues). */
function useResolved(body: CardSearchBody | null): CardSearchBody | null {
  const me = useSession().user?.$id ?? null;
  return useMemo(() => (body ? resolveCardValues(body, me, new Date()) : null), [body, me]);
}

/**
 * A card's search (`search/ids`, so the server's policy decides what it shows), kept live as list
 * screens are (useSearch): a type watch per searched type, and a fetch again, debounced, when an
 * item of those types is created, changed or deleted. It also fetches again when the window
 * regains focus.
 */
export function useCardSearch(card: RegisteredCard, range?: Range) {
  // A calendar searches once it knows the range it shows.
  const ready = card.kind !== 'calendar' || range !== undefined;
  const { client } = useApp();
  const env = useTypeEnv();
  const query = useResolved(useMemo(() => cardSearchQuery(card, range), [card, range]));
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

/**
 * A calendar card's searches, one per source of events (CalendarCardSettings.also), each through
 * `search/ids` and kept live like any card: a change to an item of any source's types fetches
 * them again.
 */
export function useCalendarSearches(card: RegisteredCard, range: Range | undefined) {
  const { client } = useApp();
  const env = useTypeEnv();
  const me = useSession().user?.$id ?? null;
  const sources = useMemo(() => (card.kind === 'calendar' ? calendarSources(card.settings) : []), [card]);
  const queries = useMemo(
    () => sources.map((src) => resolveCardValues(calendarSearchQuery(src, range), me, new Date())),
    [sources, range, me],
  );
  const results = useQueries({
    queries: queries.map((query, i) => ({
      queryKey: ['dashboardCard', card.id, i, query],
      queryFn: () => client.request<SearchResult>('search/ids', query),
      enabled: range !== undefined,
      placeholderData: keepPreviousData,
      retry: false,
      staleTime: 0,
      refetchOnWindowFocus: true,
    })),
  });
  // One watch over every source's types: any of them changing refreshes the calendar.
  const types = useMemo(() => [...new Set(queries.flatMap((q) => (q.must._t ?? []).map(String)))], [queries]);
  const refetchAll = () => Promise.all(results.map((r) => r.refetch()));
  useLiveRefetch(types.length ? { _t: types } : null, env, refetchAll);
  return {
    sources,
    results: results.map((r) => r.data),
    error: results.find((r) => r.error)?.error ?? null,
  };
}
