import { useQuery } from '@tanstack/react-query';
import { useApp, type Item } from '../../../client/module-api';
import { LABEL_TYPE } from '../types';

/** The most customised labels one community keeps: one per label and notice, a few spare. */
const MAX = 60;

/**
 * A community's own wording of its labels (LocalContextsLabel items owned by `owner`), by label
 * key, as this reader may read them: through search/ids and readMany, so the read rule decides
 * (a label kept COMMUNITY shows its wording to members only; others get the default). The
 * newest wording of a key wins when a community keeps two.
 */
export function useCommunityLabels(owner: string | null, enabled = true): ReadonlyMap<string, Item> {
  const { client } = useApp();
  const q = useQuery({
    queryKey: ['localcontexts.labels', owner],
    enabled: enabled && !!owner,
    staleTime: 60_000,
    retry: false,
    queryFn: async () => {
      const res = await client.request<{ ids: string[] }>('search/ids', {
        must: { _t: [LABEL_TYPE], owner: [owner] },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max: MAX,
      });
      if (!res.ids.length) return new Map<string, Item>();
      const got = await client.request<Record<string, Item & { erred?: boolean }>>(
        'readMany/object',
        res.ids,
      );
      const byKey = new Map<string, Item>();
      for (const id of res.ids) {
        const it = got[id];
        if (it && !it.erred && typeof it.labelKey === 'string') byKey.set(it.labelKey, it);
      }
      return byKey;
    },
  });
  return q.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<string, Item> = new Map();
