import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepPanelProps } from '../module-api';
import { useApp } from '../state/app-context';

export interface CompleteStepButtonProps extends Pick<StepPanelProps, 'item' | 'step'> {
  disabled?: boolean;
  /** The button's words and the success alert's, as message keys of the step kind's module. */
  labelKey: string;
  doneKey: string;
  /** The message key a refusal is shown with (each module says its kinds' missing fields in words). */
  refusalKey: (e: unknown) => string;
}

/**
 * Completes a workflow step (wfSetStepState → COMPLETE), for step kinds' panels. The server
 * runs the kind's check and refuses with its catalogue key, shown here in the module's words;
 * the item's push brings the new step states.
 */
export function CompleteStepButton({
  item,
  step,
  disabled,
  labelKey,
  doneKey,
  refusalKey,
}: CompleteStepButtonProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function complete() {
    setBusy(true);
    setError(null);
    try {
      await client.act('wfSetStepState', { item: item.$id, step: step.id, state: 'COMPLETE' });
      alerts.push({ type: 'success', key: doneKey });
    } catch (e) {
      setError(refusalKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
      <Button variant="contained" size="small" onClick={() => void complete()} disabled={busy || disabled}>
        {t(labelKey)}
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {t(error)}
        </Alert>
      )}
    </Stack>
  );
}
