import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type Item, type StepPanelProps } from '../../../../client/module-api';
import { errorKey } from '../response/consult-acts';
import { LovPicker } from '../response/LovPicker';
import { CompleteStep } from './CompleteStep';

/**
 * RWF_OUTCOME: the outcome (the owner's RWF_OUTCOMES) saved on the response with the ordinary
 * update, then the step completed (the server refuses while the response has no outcome).
 */
export function OutcomeStepPanel({ item, step, editable, onSaved }: StepPanelProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const saved = typeof item.outcome === 'string' ? item.outcome : '';
  const [outcome, setOutcome] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Another user's change arrives by push: the picker follows it unless this user changed it.
  useEffect(() => setOutcome(saved), [saved]);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const saved = await client.request<Item>('update', {
        $id: item.$id,
        $version: item.$version,
        outcome: outcome || null,
      });
      // The record adopts its own change (and says so); shown elsewhere, the panel says it.
      if (onSaved) onSaved(saved);
      else alerts.push({ type: 'success', key: 'consult.step.outcomeSaved' });
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-RWF_OUTCOME">
      <Typography variant="body2" color="text.secondary">
        {t('consult.step.outcomeHelp')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', maxWidth: 420 }}>
          <LovPicker
            list="RWF_OUTCOMES"
            owner={item.owner}
            label={t('consult.response.outcome')}
            value={outcome}
            onChange={setOutcome}
            disabled={!editable || busy}
          />
        </Box>
        {editable && (
          <Button variant="outlined" onClick={() => void save()} disabled={busy || outcome === saved}>
            {t('consult.step.saveOutcome')}
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{t(error)}</Alert>}
      {editable && <CompleteStep item={item} step={step} disabled={outcome !== saved} />}
    </Stack>
  );
}
