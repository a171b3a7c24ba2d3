import { useQuery } from '@tanstack/react-query';
import { itemLabel } from '../items/item-label';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';

/** Names of organisations (the user's memberships), for owner choices. */
export function useOrgLabels(ids: readonly string[]): Record<string, string> {
  const { client } = useApp();
  const q = useQuery({
    queryKey: ['orgLabels', ids],
    queryFn: async () => {
      const got = await client.request<Record<string, Item & { erred?: boolean }>>('readMany/object', ids);
      const out: Record<string, string> = {};
      for (const [id, item] of Object.entries(got)) if (!item.erred) out[id] = itemLabel(item);
      return out;
    },
    enabled: ids.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return q.data ?? {};
}
