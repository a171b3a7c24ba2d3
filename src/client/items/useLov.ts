import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/app-context';
import { holdLovLive, lovKey } from './lov-live';
import { isLovReply, lovEntries, type LovReply } from './lookups';

async function fetchLov(
  language: string,
  list: string,
  owner: string | null,
  token: string | null,
): Promise<LovReply> {
  const path = [language, list, ...(owner ? [owner] : [])].map(encodeURIComponent).join('/');
  const res = await fetch(`/lov/${path}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  // Without the route, the page fallback answers HTML: that is a failure too.
  const body = (await res.json()) as unknown;
  if (!isLovReply(body)) throw new Error('not a list of values');
  return body;
}

/**
 * A list of values: the owner organisation's list (every readable list when the item has no
 * owner), cached per locale + list + owner and refreshed when a LOVValue changes.
 * `failed` means the form falls back to free text.
 */
export function useLov(list: string | undefined, owner: string | null) {
  const { client } = useApp();
  const qc = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  useEffect(() => (list ? holdLovLive(client, qc) : undefined), [client, qc, list]);
  const q = useQuery({
    queryKey: lovKey(language, list, owner),
    queryFn: () => fetchLov(language, list ?? '', owner, client.tokenValue),
    enabled: !!list,
    staleTime: Infinity,
    retry: false,
  });
  return {
    entries: q.data ? lovEntries(q.data, owner, language) : null,
    failed: q.isError || !list,
    loading: q.isPending && !!list,
  };
}

/**
 * useLov, for an item whose own organisation keeps no such list, or not the values it holds:
 * a proponent's draft carries the region of the community it goes to, from that community's
 * (public) list. The owner's list first; where it lacks a value the item holds (or has no
 * values at all), every list the viewer may read, as an item without owner has it.
 */
export function useLovFor(list: string | undefined, owner: string | null, held: readonly string[]) {
  const own = useLov(list, owner);
  const lacking = !!own.entries && (own.entries.size === 0 || held.some((v) => v && !own.entries!.has(v)));
  const all = useLov(lacking && owner ? list : undefined, null);
  if (!lacking || !all.entries) return own;
  const entries = new Map(all.entries);
  for (const [k, v] of own.entries!) entries.set(k, v);
  return { ...own, entries };
}

/**
 * Several lists of values whole (every organisation's the viewer may read), for lists and facets
 * that show items of many owners; shares useLov's cache for an item without owner and stays live.
 */
export function useLovLists(lists: readonly string[]): Record<string, LovReply | undefined> {
  const { client } = useApp();
  const qc = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.language || 'en';
  const any = lists.length > 0;
  useEffect(() => (any ? holdLovLive(client, qc) : undefined), [client, qc, any]);
  const results = useQueries({
    queries: lists.map((list) => ({
      queryKey: lovKey(language, list, null),
      queryFn: () => fetchLov(language, list, null, client.tokenValue),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const out: Record<string, LovReply | undefined> = {};
  lists.forEach((list, i) => (out[list] = results[i]?.data));
  return out;
}
