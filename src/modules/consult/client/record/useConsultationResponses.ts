import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readMany, readSearchReply, useApp, type Item } from '../../../../client/module-api';

/** More responses than communities any consultation goes to. */
const MAX_RESPONSES = 200;

/**
 * The consultation's responses the user may read, with their labels: found through search, so
 * through the policy (community staff find their community's; a proponent or regulator none).
 * One query, shared by the record's Responses section and the file's "Draft a letter".
 */
export function useConsultationResponses(item: Item) {
  const { client } = useApp();
  const qc = useQueryClient();
  // The consultation's own change (a distribution, a response finished) moves `_u`: read again.
  return useQuery({
    queryKey: ['consultResponses', item.$id, item._u],
    queryFn: async () => {
      const found = readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['ConsultResponse'], consultation: [item.$id] },
          sort: [{ key: 'projectName', order: 'asc' }],
          max: MAX_RESPONSES,
          labels: true,
        }),
      );
      const items = await readMany(client, qc, found.ids);
      return { ids: found.ids, labels: found.labels, items };
    },
    retry: false,
  });
}
