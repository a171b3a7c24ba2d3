import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { itemKey, RequestError, stepKindNames, useApp, type Item } from '../../../client/module-api';
import type { ActBody } from '../../../kernel/act-contract';
import type { WorkflowActs } from '../contract';

// What the designer and the panel share: the workflow acts with the item cache kept current,
// the step kinds a type may use. People's names are the module API's useItemLabels.

type WfActName = Exclude<keyof WorkflowActs, 'wfStepKinds'>;

/** What a failed act says: a catalogue key for the panel to show beside the step. */
export function failureKey(e: unknown): string {
  if (e instanceof RequestError) {
    // A refused move names its reason (errors.wfTransition) as a field error.
    const field = e.fields.find((f) => typeof f.key === 'string');
    return field?.key ?? `errors.${e.userMessage}`;
  }
  return 'errors.notCaught';
}

/**
 * Runs a workflow act on an item and puts its answer (the new `_wf`, `_wf.state`, `$version`) in
 * the item cache, so the record shows it at once; the push that follows brings the rest.
 */
export function useWorkflowAct() {
  const { client } = useApp();
  const qc = useQueryClient();
  return useCallback(
    async <N extends WfActName>(name: N, body: ActBody<WorkflowActs[N]>) => {
      const reply = (await client.act(name, body as never)) as {
        $id: string;
        $version: number;
        _wf: unknown;
        '_wf.state': string | null;
      };
      qc.setQueryData<Item>(itemKey(reply.$id), (old) =>
        old && old.$version <= reply.$version
          ? { ...old, $version: reply.$version, _wf: reply._wf, '_wf.state': reply['_wf.state'] }
          : old,
      );
      return reply;
    },
    [client, qc],
  );
}

export interface KindChoice {
  kind: string;
  adHoc: boolean;
}

/**
 * The step kinds a type's workflows may use (act wfStepKinds). Should the act fail, the designer
 * still offers every registered kind (the page's config); none of them counts as ad hoc then,
 * since only the engine knows which kinds allow it.
 */
export function useStepKinds(type: string | null): { kinds: KindChoice[]; loading: boolean } {
  const { client } = useApp();
  const q = useQuery({
    queryKey: ['wfStepKinds', type],
    queryFn: async () => (await client.act('wfStepKinds', { type: type ?? '' })).kinds,
    enabled: !!type,
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (q.data) return { kinds: q.data, loading: false };
  if (q.isError || !type)
    return { kinds: stepKindNames().map((kind) => ({ kind, adHoc: false })), loading: false };
  return { kinds: [], loading: true };
}
