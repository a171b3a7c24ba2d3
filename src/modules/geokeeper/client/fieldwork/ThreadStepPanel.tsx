import { Alert, Button, List, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemLinkRow, type StepPanelProps } from '../../../../client/module-api';
import { CompleteFieldworkStep } from './CompleteFieldworkStep';
import { STEP_PURPOSE, type ThreadStepKind } from './fieldwork-model';
import { SendThreadDialog } from './SendThreadDialog';
import { useSearchItems } from './useSearchItems';

/**
 * GKF_CONFIRM, GKF_REPORT, GKF_INVOICE: the threads of the step's purpose already sent to the
 * job's external party, a button to send one (the dialog), and Complete (the server checks that
 * one went, a report with its file).
 */
export function ThreadStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const kind = step.kind as ThreadStepKind;
  const [sending, setSending] = useState(false);
  const threads = useSearchItems('Thread', { context: [item.$id], purpose: [STEP_PURPOSE[kind]] });
  const list = threads.data ?? [];
  const party = typeof item.externalParty === 'string' && item.externalParty;
  return (
    <Stack sx={{ gap: 1.5 }} data-testid={`step-panel-${kind}`}>
      <Typography variant="body2" color="text.secondary">
        {t(`geokeeper.fieldwork.help.${kind}`)}
      </Typography>
      {!party && <Alert severity="warning">{t('geokeeper.fieldwork.noParty')}</Alert>}
      {threads.isError && <Alert severity="error">{t('geokeeper.fieldwork.loadFailed')}</Alert>}
      {threads.isSuccess && (
        <Typography variant="body2">
          {list.length
            ? t('geokeeper.fieldwork.sentCount', { count: list.length })
            : t('geokeeper.fieldwork.noneSent')}
        </Typography>
      )}
      {list.length > 0 && (
        <List dense disablePadding aria-label={t('geokeeper.fieldwork.threads')}>
          {list.map((th) => (
            <ItemLinkRow
              key={th.$id}
              id={th.$id}
              type="Thread"
              primary={typeof th.subject === 'string' ? th.subject : th.$id}
            />
          ))}
        </List>
      )}
      {editable && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Button variant="outlined" size="small" onClick={() => setSending(true)} disabled={!party}>
            {t(`geokeeper.fieldwork.send.${kind}`)}
          </Button>
          <CompleteFieldworkStep item={item} step={step} />
        </Stack>
      )}
      {sending && (
        <SendThreadDialog
          item={item}
          kind={kind}
          onClose={(sent) => {
            setSending(false);
            if (sent) void threads.refetch();
          }}
        />
      )}
    </Stack>
  );
}
