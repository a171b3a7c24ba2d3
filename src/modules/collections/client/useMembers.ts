import { useQuery } from '@tanstack/react-query';
import { readSearchReply, useApp, type Item } from '../../../client/module-api';
import { membersQuery } from '../members';

/** The most members the exhibition shows at once; "Show more" asks for the next page. */
export const MEMBERS_PAGE = 48;

/**
 * A collection's members as the person may read them (members.ts), newest first. The query key
 * carries the collection's version, so adding or removing a member, here or by someone else
 * (the record follows its item live), reads the members again.
 */
export function useMembers(collection: Item, shown: number) {
  const { client } = useApp();
  return useQuery({
    queryKey: ['collections', 'members', collection.$id, collection.$version, shown],
    queryFn: async () => {
      const reply = await client.request<{ total?: number }>('search/ids', {
        ...membersQuery(collection),
        sort: [{ key: '_c.ts', order: 'desc' }],
        labels: true,
        max: shown,
      });
      return { ...readSearchReply(reply), total: typeof reply.total === 'number' ? reply.total : 0 };
    },
    placeholderData: (previous) => previous,
  });
}
