import { useQuery } from '@tanstack/react-query';
import { orgAdminOrgs } from './org-admin';
import { readSearchReply, useApp, useOrgLabels, useSession } from '../../../../client/module-api';

const ADMIN_ORG_MAX = 200;

/**
 * The organisations this user manages, with their names: an orgAdmin's own, or for a site admin
 * every organisation (by name).
 */
export function useManagedOrgs(): { orgs: string[]; labels: Record<string, string>; loading: boolean } {
  const { client } = useApp();
  const { user } = useSession();
  const own = orgAdminOrgs(user);
  const q = useQuery({
    queryKey: ['managedOrgs', user?.$id, user?.admin, own],
    queryFn: async () =>
      readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['Organization'] },
          sort: [{ key: 'displayName', order: 'asc' }],
          max: ADMIN_ORG_MAX,
          labels: true,
        }),
      ),
    enabled: user?.admin === true,
    retry: false,
    staleTime: 60_000,
  });
  const ownLabels = useOrgLabels(user?.admin ? [] : own);
  if (user?.admin) return { orgs: q.data?.ids ?? [], labels: q.data?.labels ?? {}, loading: q.isLoading };
  return { orgs: own, labels: ownLabels, loading: false };
}
