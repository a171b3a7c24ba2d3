import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { readMany, useApp, type Item } from '../../../../client/module-api';

// A response's impact reports, newest first, read through search (so through the policy) and
// kept live: a type watch on `response` fetches them again when one is added.

const TYPE = 'SpatialImpactReport';

export function useReports(response: string) {
  const { client } = useApp();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['spatialReports', response],
    queryFn: async () => {
      const r = await client.request<{ ids: string[] }>('search/ids', {
        must: { _t: [TYPE], response: [response] },
        sort: [{ key: '_c.ts', order: 'desc' }],
        max: 50,
      });
      const got = await readMany(client, qc, r.ids);
      return r.ids.map((id) => got[id]).filter((x): x is Item => !!x);
    },
    retry: false,
    enabled: !!response,
  });
  const refetch = q.refetch;
  useEffect(() => {
    if (!response) return undefined;
    const handle = client.watchType(TYPE, { response: [response] });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), 150);
    };
    const off1 = client.on('itemUpdated', (b) => {
      if ((b as Item)._t === TYPE) bump();
    });
    const off2 = client.on('item/action', (b) => {
      const id = (b as { itemID?: unknown }).itemID;
      if (typeof id === 'string' && id.startsWith(`${TYPE}-`)) bump();
    });
    return () => {
      clearTimeout(timer);
      off1();
      off2();
      client.unwatchType(handle);
    };
  }, [client, response, refetch]);
  return q;
}
