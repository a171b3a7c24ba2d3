import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApp } from './app-context';
import type { WireItem } from '../../protocol/item';
import type { SocketClient } from './socket-client';

/** An item as the server sends it (docs/protocol.md "Items on the wire"). */
export type Item = WireItem;

export const itemKey = (id: string) => ['item', id] as const;

/** Applies a pushed item to the cache, keeping the reader's permissions from the last full read. */
export function applyItemPush(qc: QueryClient, item: Item): void {
  qc.setQueryData<Item>(itemKey(item.$id), (old) => (old ? { ...item, $allowed: old.$allowed } : old));
}

/**
 * Reads one item (with `$allowed`) and keeps it live through a watch while it is shown. A copy
 * cached by readMany has no `$allowed`; it counts as stale, so the cell reads the item again.
 */
export function useItem(id: string) {
  const { client } = useApp();
  const q = useQuery({
    queryKey: itemKey(id),
    queryFn: () => client.request<Item>(`readAllowed/${id}`),
    staleTime: (query) => (query.state.data?.$allowed ? Infinity : 0),
    retry: false,
  });
  const u = q.data?._u;
  const loaded = q.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    void client.watch(id, u);
    return () => client.unwatch(id);
    // Watch once per mount; pushes keep `_u` current inside the client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, id, loaded]);
  return q;
}

/** Reads many items, asking the server only for those not already cached (spec core §5). */
export async function readMany(
  client: SocketClient,
  qc: QueryClient,
  ids: readonly string[],
): Promise<Record<string, Item>> {
  const out: Record<string, Item> = {};
  const missing: string[] = [];
  for (const id of ids) {
    const cached = qc.getQueryData<Item>(itemKey(id));
    if (cached) out[id] = cached;
    else missing.push(id);
  }
  if (missing.length) {
    const got = await client.request<Record<string, Item & { erred?: boolean }>>('readMany/object', missing);
    for (const [id, item] of Object.entries(got)) {
      if (item.erred) continue;
      out[id] = item;
      qc.setQueryData(itemKey(id), item);
    }
  }
  return out;
}

/** Routes itemUpdated and delete pushes into the cache for the whole app. */
export function useItemPushes(): void {
  const { client } = useApp();
  const qc = useQueryClient();
  useEffect(() => {
    const off1 = client.on('itemUpdated', (b) => applyItemPush(qc, b as Item));
    const off2 = client.on('item/action', (b) => {
      const { opAction, itemID } = b as { opAction: string; itemID: string };
      if (opAction === 'delete') qc.removeQueries({ queryKey: itemKey(itemID) });
    });
    const off3 = client.onEvent((e) => {
      if (e.kind === 'clear') qc.clear();
    });
    return () => {
      off1();
      off2();
      off3();
    };
  }, [client, qc]);
}
