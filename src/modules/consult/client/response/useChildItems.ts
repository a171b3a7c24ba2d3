import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readMany, useApp, type Item } from '../../../../client/module-api';

/**
 * The items of a type that point at a parent through one relation (a response's sections, a
 * consultation's meetings), oldest first, read through search (so through the access policy) and
 * kept live: a type watch on that relation fetches the list again when one is added or changed.
 */
export function useChildItems(type: string, field: string, parent: string, max = 200) {
  const { client } = useApp();
  const qc = useQueryClient();
  const key = ['childItems', type, field, parent, max];
  const q = useQuery({
    queryKey: key,
    queryFn: async () => {
      const r = await client.request<{ ids: string[]; total: number }>('search/ids', {
        must: { _t: [type], [field]: [parent] },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max,
      });
      const got = await readMany(client, qc, r.ids);
      return { total: r.total, items: r.ids.map((id) => got[id]).filter((x): x is Item => !!x) };
    },
    retry: false,
    enabled: !!parent,
  });
  const refetch = q.refetch;
  useEffect(() => {
    if (!parent) return undefined;
    const handle = client.watchType(type, { [field]: [parent] });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), 150);
    };
    const off1 = client.on('itemUpdated', (b) => {
      const it = b as Item;
      if (it._t === type) bump();
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
  }, [client, type, field, parent, refetch]);
  return q;
}
