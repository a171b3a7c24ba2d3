import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../state/app-context';
import { readMany } from '../state/items';
import { itemLabel } from './item-label';

/**
 * Labels of items by id, read as the reader (readMany): an item they may not read has no label
 * here, so a screen never names it. One query per set of ids, kept a minute.
 */
export function useItemLabels(ids: readonly string[]): Record<string, string> {
  const { client } = useApp();
  const qc = useQueryClient();
  const key = [...new Set(ids)].sort();
  const q = useQuery({
    queryKey: ['itemLabels', key],
    queryFn: async () => {
      const got = await readMany(client, qc, key);
      return Object.fromEntries(Object.entries(got).map(([id, item]) => [id, itemLabel(item)]));
    },
    enabled: key.length > 0,
    retry: false,
    staleTime: 60_000,
  });
  return q.data ?? {};
}
