import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SearchQuery, SearchResult } from '../../protocol/query';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';

/** The search of an item's attachments: in the trash, or not. */
export function attachmentsQuery(itemId: string, trash: boolean): SearchQuery {
  return trash
    ? {
        must: { _t: ['Attachment'], rel: [itemId], trashed: [true] },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max: 500,
      }
    : {
        must: { _t: ['Attachment'], rel: [itemId] },
        mustNot: { trashed: [true] },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max: 500,
      };
}

/**
 * The Attachment items whose parent is this item, kept live: a type watch on Attachments of
 * this parent fetches the list again when one is added, trashed, restored or purged.
 */
export function useAttachments(itemId: string, trash: boolean) {
  const { client } = useApp();
  const q = useQuery({
    queryKey: ['attachments', itemId, trash],
    queryFn: async () => {
      const res = await client.request<SearchResult>('search/ids', attachmentsQuery(itemId, trash));
      if (res.ids.length === 0) return [];
      const got = await client.request<Record<string, Item & { erred?: boolean }>>(
        'readMany/object',
        res.ids,
      );
      return res.ids.map((id) => got[id]).filter((x): x is Item => x !== undefined && !x.erred);
    },
    retry: false,
  });
  const refetch = q.refetch;
  useEffect(() => {
    const handle = client.watchType('Attachment', { rel: [itemId] });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bump = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), 150);
    };
    const off1 = client.on('itemUpdated', (b) => {
      const item = b as Item;
      if (item._t === 'Attachment' && item.rel === itemId) bump();
    });
    const off2 = client.on('item/action', (b) => {
      const id = (b as { itemID?: unknown }).itemID;
      if (typeof id === 'string' && id.startsWith('Attachment-')) bump();
    });
    return () => {
      clearTimeout(timer);
      off1();
      off2();
      client.unwatchType(handle);
    };
  }, [client, itemId, refetch]);
  return q;
}
