import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureKey } from '../wf-api';

interface Props {
  title: string;
  confirmLabel: string;
  /** Runs the act; a failure keeps the dialog open with what was entered and says why. */
  onConfirm(): Promise<void>;
  onClose(): void;
  children?: ReactNode;
  /** The confirm button is off (a required choice is missing). */
  disabled?: boolean;
  /** A second action beside Cancel (Unassign, No due date). */
  extra?: { label: string; run(): Promise<void> };
}

/** A small dialog around one workflow act. */
export function ActDialog({ title, confirmLabel, onConfirm, onClose, children, disabled, extra }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      onClose();
    } catch (e) {
      setFailure(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {children}
        {failure && (
          <Alert severity="error" role="alert">
            {t(failure)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {extra && (
          <Button onClick={() => void run(extra.run)} disabled={busy} sx={{ mr: 'auto' }}>
            {extra.label}
          </Button>
        )}
        <Button onClick={onClose}>{t('workflow.cancel')}</Button>
        <Button variant="contained" onClick={() => void run(onConfirm)} disabled={busy || disabled}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
