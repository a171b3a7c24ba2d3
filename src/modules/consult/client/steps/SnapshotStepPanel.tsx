import { List, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  ItemLinkRow,
  readMany,
  useApp,
  type Item,
  type StepPanelProps,
} from '../../../../client/module-api';
import { CompleteStep } from './CompleteStep';
import { internalThreadsQuery } from './step-model';

/**
 * RWF_SNAPSHOT: when the step becomes active the server posts the response's state to the
 * community's internal thread about the consultation. The panel shows when, links the internal
 * threads where it was posted, and completes the step once the team has it.
 */
export function SnapshotStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const consultation = typeof item.consultation === 'string' ? item.consultation : '';
  const when = typeof step.startedAt === 'string' ? step.startedAt : null;
  const q = useQuery({
    queryKey: ['consultInternalThreads', consultation, item.owner, item._u],
    queryFn: async () => {
      const r = await client.request<{ ids: string[] }>(
        'search/ids',
        internalThreadsQuery(consultation, item.owner),
      );
      const got = await readMany(client, qc, r.ids);
      // A thread with a purpose is one shared with the proponent: not where snapshots go.
      return r.ids.map((id) => got[id]).filter((x): x is Item => !!x && !x.purpose);
    },
    enabled: !!consultation && !!when,
    retry: false,
  });
  const threads = (q.data ?? []).slice(0, 3);
  return (
    <Stack sx={{ gap: 1 }} data-testid="step-panel-RWF_SNAPSHOT">
      <Typography variant="body2" color="text.secondary">
        {when
          ? t('consult.step.snapshotSent', { when: formatDate(when) })
          : t('consult.step.snapshotPending')}
      </Typography>
      {threads.length > 0 && (
        <List dense disablePadding>
          {threads.map((th) => (
            <ItemLinkRow
              key={th.$id}
              id={th.$id}
              type="Thread"
              primary={typeof th.subject === 'string' ? th.subject : th.$id}
            />
          ))}
        </List>
      )}
      {editable && <CompleteStep item={item} step={step} />}
    </Stack>
  );
}
