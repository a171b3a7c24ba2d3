import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';

export const RESULT_ITEMS_KEY = 'searchItems';

/**
 * The items of a result page, for the displays that show their fields (table, cards, timeline,
 * carousel), in one readMany/object call. They are kept apart from the item cells' cache, whose
 * entries carry the reader's permissions (readAllowed); pushes update them (useSearch).
 */
export function useResultItems(ids: readonly string[], enabled: boolean) {
  const { client } = useApp();
  const q = useQuery({
    queryKey: [RESULT_ITEMS_KEY, ids],
    queryFn: async () => {
      const got = await client.request<Record<string, Item & { erred?: boolean }>>('readMany/object', ids);
      const out: Record<string, Item> = {};
      for (const [id, item] of Object.entries(got)) if (!item.erred) out[id] = item;
      return out;
    },
    enabled: enabled && ids.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
  return { items: q.data ?? {}, loading: enabled && ids.length > 0 && q.isPending };
}
