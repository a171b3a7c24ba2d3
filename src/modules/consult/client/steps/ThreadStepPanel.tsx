import { Alert, Button, List, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ItemLinkRow,
  readMany,
  useApp,
  useCell,
  type Item,
  type StepPanelProps,
} from '../../../../client/module-api';
import { SendResponseDialog } from '../response/SendResponseDialog';
import { CompleteStep } from './CompleteStep';
import { sentThreadsQuery } from './step-model';

/** RWF_THREAD: the response or acknowledgement sent to the proponent (the send dialog), then complete. */
export function ThreadStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const cell = useCell();
  const [sending, setSending] = useState(false);
  const consultation = typeof item.consultation === 'string' ? item.consultation : '';
  const q = useQuery({
    queryKey: ['consultSentThreads', consultation, item.owner, item._u],
    queryFn: async () => {
      const r = await client.request<{ ids: string[]; total: number }>(
        'search/ids',
        sentThreadsQuery(consultation, item.owner),
      );
      const got = await readMany(client, qc, r.ids);
      return r.ids.map((id) => got[id]).filter((x): x is Item => !!x);
    },
    enabled: !!consultation,
    retry: false,
  });
  const threads = q.data ?? [];
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-RWF_THREAD">
      <Typography variant="body2" color="text.secondary">
        {t('consult.step.threadHelp')}
      </Typography>
      {q.isError && <Alert severity="error">{t('consult.response.loadFailed')}</Alert>}
      {q.isSuccess && (
        <Typography variant="body2">
          {threads.length
            ? t('consult.step.threadsSent', { count: threads.length })
            : t('consult.step.noThreadSent')}
        </Typography>
      )}
      {threads.length > 0 && (
        <List dense disablePadding>
          {threads.map((th) => (
            <ItemLinkRow
              key={th.$id}
              id={th.$id}
              type="Thread"
              primary={typeof th.subject === 'string' ? th.subject : th.$id}
              secondary={
                typeof th.purpose === 'string' ? t(`consult.response.purposes.${th.purpose}`) : undefined
              }
            />
          ))}
        </List>
      )}
      {editable && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Button variant="outlined" size="small" onClick={() => setSending(true)}>
            {t('consult.response.send')}
          </Button>
          <CompleteStep item={item} step={step} />
        </Stack>
      )}
      {sending && (
        <SendResponseDialog
          item={item}
          open
          onClose={(sent) => {
            setSending(false);
            if (sent) {
              void q.refetch();
              cell.open(`i-${sent.thread}`);
            }
          }}
        />
      )}
    </Stack>
  );
}
