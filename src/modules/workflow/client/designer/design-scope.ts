import { useQuery } from '@tanstack/react-query';
import { readSearchReply, useApp, useOrgLabels, useSession, type Item } from '../../../../client/module-api';
import { holdsRoleIn } from '../panel/panel-model';

// What the designer works on: the organisations the user builds workflows for (an editor or
// orgAdmin there; an admin: every organisation), the workflow-capable types, and the Workflows
// of those organisations (read through search/ids and readMany, so through the policy).

const ORG_MAX = 200;
const WORKFLOW_MAX = 500;

/** Types whose items run workflows (the page's config: ItemTypeDef.workflow). */
export function useWorkflowTypes(): string[] {
  const { config } = useApp();
  return Object.entries(config.types)
    .filter(([, t]) => !!t.workflow)
    .map(([name]) => name)
    .sort();
}

/** The organisations whose workflows this user may build, with their names. */
export function useDesignOrgs(): { orgs: string[]; labels: Record<string, string>; loading: boolean } {
  const { client } = useApp();
  const { user } = useSession();
  const own = (user?.memberships ?? []).filter((m) => holdsRoleIn(user, m.org, 'editor')).map((m) => m.org);
  const all = useQuery({
    queryKey: ['wfDesignOrgs', user?.$id],
    queryFn: async () =>
      readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['Organization'] },
          sort: [{ key: 'displayName', order: 'asc' }],
          max: ORG_MAX,
          labels: true,
        }),
      ),
    enabled: user?.admin === true,
    retry: false,
    staleTime: 60_000,
  });
  const ownLabels = useOrgLabels(user?.admin ? [] : own);
  if (user?.admin)
    return { orgs: all.data?.ids ?? [], labels: all.data?.labels ?? {}, loading: all.isLoading };
  return { orgs: own, labels: ownLabels, loading: false };
}

export type WorkflowItem = Item & {
  label?: string;
  description?: string;
  appliesTo?: string;
  isDefault?: boolean;
  steps?: unknown;
};

export const workflowsKey = ['wfDesignList'] as const;

/** The Workflows the user may read, of the given organisations, by name. */
export function useWorkflows(orgs: readonly string[]) {
  const { client } = useApp();
  return useQuery({
    queryKey: [...workflowsKey, [...orgs].sort()],
    queryFn: async (): Promise<WorkflowItem[]> => {
      const found = readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['Workflow'], owner: [...orgs] },
          sort: [{ key: 'label', order: 'asc' }],
          max: WORKFLOW_MAX,
        }),
      );
      if (found.ids.length === 0) return [];
      const got = await client.request<Record<string, WorkflowItem & { erred?: boolean }>>(
        'readMany/object',
        found.ids,
      );
      return found.ids.map((id) => got[id]).filter((w): w is WorkflowItem => !!w && !w.erred);
    },
    enabled: orgs.length > 0,
  });
}
