import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useLov, type Item } from '../../../../client/module-api';
import { SUMMARY_WORDS, summaryText } from '../../overlay-summary';
import { overlayErrorKey } from './refusal';
import { summaryOf } from './report-model';

/**
 * "Share the summary with the proponent": shows the very text the server will write (the same
 * function builds it there, from counts and type labels only) and sends it on confirmation.
 */
export function ShareSummaryDialog({
  report,
  owner,
  onClose,
}: {
  report: Item;
  owner: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const lov = useLov('SPL_TYPES', owner);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const summary = summaryOf(report.summary);
  const text = useMemo(() => {
    if (!summary) return '';
    const labels = new Map([...(lov.entries?.values() ?? [])].map((e) => [e.key, e.label]));
    return summaryText(summary, labels);
  }, [summary, lov.entries]);

  async function send() {
    setBusy(true);
    setError(null);
    try {
      await client.act('spOverlayShare', { report: report.$id });
      alerts.push({ type: 'success', key: 'spatial.overlay.sent' });
      onClose();
    } catch (e) {
      setError(overlayErrorKey(e));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="overlay-share-title"
    >
      <DialogTitle id="overlay-share-title">{t('spatial.overlay.shareConfirm')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('spatial.overlay.shareHelp')}
        </Typography>
        <Typography variant="subtitle2" component="p">
          {SUMMARY_WORDS.subject}
        </Typography>
        <Typography
          variant="body2"
          component="blockquote"
          data-testid="overlay-share-preview"
          sx={{ whiteSpace: 'pre-line', m: 0, mt: 0.5, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
        >
          {text}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
            {t(error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('spatial.overlay.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy || !summary}>
          {t('spatial.overlay.shareSend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
