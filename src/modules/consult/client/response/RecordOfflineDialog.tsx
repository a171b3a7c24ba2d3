import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, type Item } from '../../../../client/module-api';
import { errorKey } from './consult-acts';
import { LovPicker } from './LovPicker';

/**
 * Records a response given by other means (act rwfRecordOffline): the response state becomes
 * OFFLINE with the chosen outcome, and nothing is sent to the proponent.
 */
export function RecordOfflineDialog(p: {
  item: Item;
  open: boolean;
  onClose(): void;
  onSaved?(saved: Item): void;
}) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const titleId = useId();
  const [outcome, setOutcome] = useState(typeof p.item.outcome === 'string' ? p.item.outcome : '');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!outcome) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await client.act('rwfRecordOffline', { response: p.item.$id, outcome });
      // The outcome is a field of the form: the record takes the act's change as its own (and
      // says it was applied); outside a record the dialog says it.
      if (p.onSaved) p.onSaved(await client.request<Item>(`readAllowed/${p.item.$id}`));
      else alerts.push({ type: 'success', key: 'consult.response.recorded' });
      p.onClose();
    } catch (err) {
      setFailure(errorKey(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={p.open}
      onClose={() => !busy && p.onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="record-offline-dialog">
        <DialogTitle id={titleId}>{t('consult.response.offlineTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2 }}>
            <DialogContentText>{t('consult.response.offlineHelp')}</DialogContentText>
            <LovPicker
              list="RWF_OUTCOMES"
              owner={p.item.owner}
              label={t('consult.response.outcome')}
              required
              value={outcome}
              onChange={(v) => {
                setOutcome(v);
                setMissing(false);
              }}
              error={missing ? t('consult.response.outcomeRequired') : undefined}
            />
            {failure && <Alert severity="error">{t(failure)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={p.onClose} disabled={busy}>
            {t('consult.response.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('consult.response.offlineSave')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
