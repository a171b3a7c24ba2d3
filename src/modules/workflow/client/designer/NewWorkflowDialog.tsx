import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  TextField,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeLabel, useApp, type Item } from '../../../../client/module-api';
import { workflowsKey } from './design-scope';
import { failureKey } from '../wf-api';

interface Props {
  orgs: readonly string[];
  orgLabels: Readonly<Record<string, string>>;
  types: readonly string[];
  onClose(): void;
  onCreated(id: string): void;
}

/** A new Workflow: its name, what it runs on, whose it is, and whether it is the default. */
export function NewWorkflowDialog({ orgs, orgLabels, types, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const [label, setLabel] = useState('');
  const [description, setDescription] = useState('');
  const [appliesTo, setAppliesTo] = useState(types.length === 1 ? types[0]! : '');
  const [owner, setOwner] = useState(orgs.length === 1 ? orgs[0]! : '');
  const [isDefault, setIsDefault] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = {
    label: !label.trim() ? 'workflow.errors.workflowLabel' : null,
    appliesTo: !appliesTo ? 'workflow.errors.appliesTo' : null,
    owner: !owner ? 'workflow.errors.owner' : null,
  };

  async function create() {
    setTried(true);
    if (errors.label || errors.appliesTo || errors.owner) return;
    setBusy(true);
    setFailure(null);
    try {
      const created = await client.request<Item>('create/Workflow', {
        label: label.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        appliesTo,
        isDefault,
        owner,
        steps: [],
      });
      await qc.invalidateQueries({ queryKey: workflowsKey });
      alerts.push({ type: 'success', key: 'workflow.created', params: { label: label.trim() } });
      onCreated(created.$id);
    } catch (e) {
      // The dialog stays open with what was typed.
      setFailure(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  const err = (k: keyof typeof errors) => (tried && errors[k] ? t(errors[k]) : undefined);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="wf-new-title">
      <DialogTitle id="wf-new-title">{t('workflow.newWorkflow')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          label={t('workflow.label')}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          required
          autoFocus
          error={!!err('label')}
          helperText={err('label')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label={t('workflow.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <TextField
          select
          label={t('workflow.appliesTo')}
          value={appliesTo}
          onChange={(e) => setAppliesTo(e.target.value)}
          required
          error={!!err('appliesTo')}
          helperText={err('appliesTo')}
        >
          {types.map((ty) => (
            <MenuItem key={ty} value={ty}>
              {typeLabel(t, ty)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('workflow.owner')}
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
          required
          error={!!err('owner')}
          helperText={err('owner')}
        >
          {orgs.map((o) => (
            <MenuItem key={o} value={o}>
              {orgLabels[o] ?? o}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />}
          label={t('workflow.isDefault')}
        />
        {failure && (
          <Alert severity="error" role="alert">
            {t(failure)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('workflow.cancel')}</Button>
        <Button variant="contained" onClick={() => void create()} disabled={busy}>
          {t('workflow.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
