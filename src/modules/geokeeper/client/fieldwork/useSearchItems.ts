import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readMany, useApp, type Item } from '../../../../client/module-api';

/**
 * Items of a type matching `must` (read through search, so through the access policy), oldest
 * first, kept live: any change of an item of the type fetches the list again.
 */
export function useSearchItems(
  type: string,
  must: Record<string, readonly string[]>,
  enabled = true,
  max = 200,
) {
  const { client } = useApp();
  const qc = useQueryClient();
  const key = ['geokeeperFieldwork', type, must, max];
  const q = useQuery({
    queryKey: key,
    queryFn: async () => {
      const r = await client.request<{ ids: string[]; total: number }>('search/ids', {
        must: { _t: [type], ...must },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max,
      });
      const got = await readMany(client, qc, r.ids);
      return r.ids.map((id) => got[id]).filter((x): x is Item => !!x);
    },
    retry: false,
    enabled,
  });
  const refetch = q.refetch;
  useEffect(() => {
    if (!enabled) return undefined;
    const handle = client.watchType(type, {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), 150);
    };
    const off1 = client.on('itemUpdated', (b) => {
      if ((b as Item)._t === type) bump();
    });
    const off2 = client.on('item/action', (b) => {
      const id = (b as { itemID?: unknown }).itemID;
      if (typeof id === 'string' && id.startsWith(`${type}-`)) bump();
    });
    return () => {
      clearTimeout(timer);
      off1();
      off2();
      client.unwatchType(handle);
    };
  }, [client, type, enabled, refetch]);
  return q;
}
