import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readMany, useApp, type Item } from '../../../../client/module-api';
import { useChildItems } from '../response/useChildItems';

/** The response's current letter (its newest), kept live by a type watch on `response`. */
export function useCurrentLetter(response: string) {
  const q = useChildItems('ResponseLetter', 'response', response, 50);
  const items = q.data?.items ?? [];
  return { ...q, letter: items.length ? items[items.length - 1]! : null };
}

/** The owner's letter templates the user may read (through search, so through the policy). */
export function useTemplates(owner: string | null | undefined, enabled: boolean) {
  const { client } = useApp();
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['letterTemplates', owner],
    queryFn: async () => {
      const r = await client.request<{ ids: string[] }>('search/ids', {
        must: { _t: ['LetterTemplate'], ...(owner ? { owner: [owner] } : {}) },
        sort: [{ key: '_c.ts', order: 'asc' }],
        max: 100,
      });
      const got = await readMany(client, qc, r.ids);
      return r.ids.map((id) => got[id]).filter((x): x is Item => !!x);
    },
    enabled,
    retry: false,
  });
}
