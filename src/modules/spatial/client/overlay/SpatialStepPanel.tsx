import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskStoreFor, useApp, useTasks, type StepPanelProps } from '../../../../client/module-api';
import { overlayErrorKey, taskErrorKey } from './refusal';
import { parseBuffer } from './report-model';
import { ReportView } from './ReportView';
import { useReports } from './useReports';

/** The buffer a community starts from: 2 km around the project area. */
const DEFAULT_BUFFER = '2000';

/**
 * RWF_SPATIAL: choose the buffer, run the overlay (act/spOverlayRun/async: a background task that
 * stores the report and completes the step), follow its progress, see the report it made; run it
 * again with another buffer. A refusal at the start or a failed run shows here, once.
 */
export function SpatialStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const store = useMemo(() => taskStoreFor(client, alerts), [client, alerts]);
  const tasks = useTasks(store);
  const [text, setText] = useState(DEFAULT_BUFFER);
  const [starting, setStarting] = useState(false);
  /** The key of the task this panel started, while it runs. */
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const reports = useReports(item.$id);
  const task = running ? tasks.find((x) => x.key === running) : undefined;
  // The report this run made, once the list has it; until then (and otherwise) the newest.
  const latest = (made && reports.data?.find((r) => r.$id === made)) || reports.data?.[0];
  const buffer = parseBuffer(text);
  const active = step.state === 'ACTIVE';
  const busy = starting || !!running;
  const pct = Math.round(task?.percentageComplete ?? 0);
  const refetch = reports.refetch;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function run() {
    if (buffer === null || busy) return;
    setStarting(true);
    setError(null);
    let key: string;
    try {
      // The panel shows the task's failure itself (one error, not two).
      const started = await store.start(
        'spOverlayRun',
        { response: item.$id, buffer, ...(active ? { step: step.id } : {}) },
        { ownErrors: true },
      );
      key = started.key;
      setRunning(key);
    } catch (e) {
      setError(overlayErrorKey(e));
      return;
    } finally {
      setStarting(false);
    }
    // The task's end, whenever it comes: completing the step may replace this panel before then,
    // so the outcome is told as an alert when the panel is gone.
    const end = await store.finished(key);
    setRunning(null);
    if (end.errorKey) {
      if (end.errorKey === 'cancelled') return;
      // A report stored before the failure (the step then would not complete) is shown all the same.
      if (end.keyItem) {
        if (mounted.current) setMade(end.keyItem);
        void refetch();
      }
      const why = taskErrorKey(end.errorKey);
      if (mounted.current) setError(why);
      else alerts.push({ type: 'error', key: why });
      return;
    }
    if (end.keyItem) setMade(end.keyItem);
    alerts.push({ type: 'success', key: active ? 'spatial.overlay.ranAndCompleted' : 'spatial.overlay.ran' });
    void refetch();
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
        <Box role="status" aria-live="polite" data-testid="overlay-progress">
          <Typography variant="caption" color="text.secondary">
            {running ? t('spatial.overlay.runningPct', { pct }) : t('spatial.overlay.starting')}
          </Typography>
          <LinearProgress
            variant={running && pct > 0 ? 'determinate' : 'indeterminate'}
            value={pct}
            aria-label={t('spatial.overlay.running')}
          />
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
