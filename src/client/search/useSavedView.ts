import { useQuery } from '@tanstack/react-query';
import type { SearchResult } from '../../protocol/query';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';
import { findByHashQuery } from './saved-search';

export const savedViewKey = (hash: string | null) => ['savedView', hash] as const;

/** The saved view a link names: found by its hash, then read with the reader's permissions. */
export function useSavedView(hash: string | null) {
  const { client } = useApp();
  return useQuery({
    queryKey: savedViewKey(hash),
    queryFn: async () => {
      const found = await client.request<SearchResult>('search/ids', findByHashQuery(hash!));
      const id = found.ids[0];
      return id ? await client.request<Item>(`readAllowed/${id}`) : null;
    },
    enabled: !!hash,
    retry: false,
    staleTime: Infinity,
  });
}
