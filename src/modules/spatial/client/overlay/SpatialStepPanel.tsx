import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type StepPanelProps } from '../../../../client/module-api';
import { overlayErrorKey } from './refusal';
import { parseBuffer } from './report-model';
import { ReportView } from './ReportView';
import { useReports } from './useReports';

/** The buffer a community starts from: 2 km around the project area. */
const DEFAULT_BUFFER = '2000';

/**
 * RWF_SPATIAL: choose the buffer, run the overlay (spOverlayRun stores the report and completes
 * the step), see the newest report; run it again with another buffer.
 */
export function SpatialStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const [text, setText] = useState(DEFAULT_BUFFER);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reports = useReports(item.$id);
  const latest = reports.data?.[0];
  const buffer = parseBuffer(text);
  const active = step.state === 'ACTIVE';

  async function run() {
    if (buffer === null) return;
    setBusy(true);
    setError(null);
    try {
      const r = await client.act('spOverlayRun', {
        response: item.$id,
        buffer,
        ...(active ? { step: step.id } : {}),
      });
      alerts.push({
        type: 'success',
        key: r.completed ? 'spatial.overlay.ranAndCompleted' : 'spatial.overlay.ran',
      });
      void reports.refetch();
    } catch (e) {
      setError(overlayErrorKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-RWF_SPATIAL">
      <Typography variant="body2" color="text.secondary">
        {t('spatial.overlay.help')}
      </Typography>
      {editable && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('spatial.overlay.buffer')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={buffer === null}
            helperText={buffer === null ? t('spatial.overlay.badBuffer') : t('spatial.overlay.bufferHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': undefined } }}
            sx={{ flex: '1 1 220px', maxWidth: 280 }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void run();
            }}
            disabled={busy}
          />
          <Button
            variant="contained"
            onClick={() => void run()}
            disabled={busy || buffer === null}
            sx={{ mt: 0.25 }}
          >
            {latest ? t('spatial.overlay.rerun') : t('spatial.overlay.run')}
          </Button>
        </Stack>
      )}
      {busy && (
        <Box role="status" aria-live="polite">
          <Typography variant="caption" color="text.secondary">
            {t('spatial.overlay.running')}
          </Typography>
          <LinearProgress aria-label={t('spatial.overlay.running')} />
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {t(error)}
        </Alert>
      )}
      {latest ? (
        <ReportView report={latest} owner={item.owner ?? null} compact />
      ) : (
        reports.isSuccess && (
          <Typography variant="body2" color="text.secondary">
            {t('spatial.overlay.none')}
          </Typography>
        )
      )}
    </Stack>
  );
}
