import { Alert, Button, Chip, List, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemLinkRow, useApp, useLov, type StepPanelProps } from '../../../../client/module-api';
import { CompleteFieldworkStep } from './CompleteFieldworkStep';
import { refusalKey } from './fieldwork-model';
import { useSearchItems } from './useSearchItems';

const JOB = 'GeoKeeperFieldwork';
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * RWF_FIELDWORK on a consultation response: before a job, a small form (its name, prefilled from
 * the project, the monitoring program its data goes to, what to monitor) and "Start a fieldwork
 * job" (gkfStartFromResponse: the job is for the proponent, from the consultation); after, the
 * job as a link with its stage. The step completes by itself when the job is done.
 */
export function StartJobStepPanel({ item, step, editable }: StepPanelProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const jobs = useSearchItems(JOB, { response: [item.$id] });
  const job = (jobs.data ?? []).find((j) => j.responseStep === step.id);
  const owner = item.owner ?? null;
  const programs = useSearchItems('GeoKeeperProgram', owner ? { owner: [owner] } : {}, editable && !job);
  const stages = useLov('GKF_STATES', job?.owner ?? owner);
  const project = str(item.projectName) || str(item.$labels?.[str(item.consultation)]);
  const [label, setLabel] = useState(() => t('geokeeper.fieldwork.start.labelDefault', { project }));
  const [program, setProgram] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blank, setBlank] = useState(false);

  // No <form>: the panel sits inside the record, whose own form would take the submit.
  async function start() {
    setError(null);
    if (!label.trim()) {
      setBlank(true);
      return;
    }
    setBusy(true);
    try {
      await client.act('gkfStartFromResponse', {
        response: item.$id,
        step: step.id,
        label: label.trim(),
        ...(program ? { program } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      alerts.push({ type: 'success', key: 'geokeeper.fieldwork.start.started' });
      void jobs.refetch();
    } catch (err) {
      setError(refusalKey(err));
    } finally {
      setBusy(false);
    }
  }

  const stage = str(job?.['_wf.state']);
  const stageLabel = stage ? (stages.entries?.get(stage)?.label ?? stage) : '';
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="step-panel-RWF_FIELDWORK">
      {!job && (
        <Typography variant="body2" color="text.secondary">
          {t('geokeeper.fieldwork.start.help')}
        </Typography>
      )}
      {jobs.isError && <Alert severity="error">{t('geokeeper.fieldwork.loadFailed')}</Alert>}
      {job && (
        <>
          <List dense disablePadding aria-label={t('geokeeper.fieldwork.start.job')}>
            <ItemLinkRow
              id={job.$id}
              type={JOB}
              primary={str(job.label) || job.$id}
              secondary={
                stageLabel && (
                  <Chip
                    component="span"
                    size="small"
                    variant="outlined"
                    color={stage === 'DONE' ? 'success' : 'default'}
                    label={t('geokeeper.fieldwork.start.stage', { stage: stageLabel })}
                  />
                )
              }
            />
          </List>
          <Typography variant="body2">
            {stage === 'DONE' ? t('geokeeper.fieldwork.start.done') : t('geokeeper.fieldwork.start.waits')}
          </Typography>
          {editable && stage === 'DONE' && <CompleteFieldworkStep item={item} step={step} />}
        </>
      )}
      {!job && jobs.isSuccess && editable && (
        <Stack sx={{ gap: 1.5, maxWidth: 560 }}>
          <TextField
            size="small"
            required
            label={t('geokeeper.fieldwork.start.label')}
            value={label}
            onChange={(e) => {
              setLabel(e.target.value);
              setBlank(false);
            }}
            error={blank}
            helperText={blank ? t('geokeeper.fieldwork.required.subject') : undefined}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void start();
            }}
          />
          <TextField
            size="small"
            select
            label={t('geokeeper.fieldwork.start.program')}
            helperText={t('geokeeper.fieldwork.start.programHelp')}
            value={program}
            onChange={(e) => setProgram(e.target.value)}
          >
            <MenuItem value="">
              <em>{t('geokeeper.fieldwork.start.noProgram')}</em>
            </MenuItem>
            {(programs.data ?? []).map((p) => (
              <MenuItem key={p.$id} value={p.$id}>
                {str(p.label) || p.$id}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            multiline
            minRows={2}
            label={t('geokeeper.fieldwork.start.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button variant="contained" size="small" disabled={busy} onClick={() => void start()}>
              {t('geokeeper.fieldwork.start.submit')}
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" role="alert">
              {t(error)}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
