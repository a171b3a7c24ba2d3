import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type StepPanelProps } from '../../../../client/module-api';
import { refusalKey } from './step-model';

/**
 * Completes the step (wfSetStepState → COMPLETE). The server runs the kind's check (an assignee,
 * an outcome, a sent thread, a meeting) and refuses with its catalogue key, shown here; the
 * item's push brings the new step states.
 */
export function CompleteStep({
  item,
  step,
  disabled,
}: Pick<StepPanelProps, 'item' | 'step'> & { disabled?: boolean }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function complete() {
    setBusy(true);
    setError(null);
    try {
      await client.act('wfSetStepState', { item: item.$id, step: step.id, state: 'COMPLETE' });
      alerts.push({ type: 'success', key: 'consult.step.completed' });
    } catch (e) {
      setError(refusalKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
      <Button variant="contained" size="small" onClick={() => void complete()} disabled={busy || disabled}>
        {t('consult.step.complete')}
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {t(error)}
        </Alert>
      )}
    </Stack>
  );
}
