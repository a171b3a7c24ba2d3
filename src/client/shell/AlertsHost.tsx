import {
  Alert as MuiAlert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Snackbar,
} from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_TIMEOUT_MS, type Alert } from '../state/alerts';
import { useApp } from '../state/app-context';

/**
 * Shows one alert at a time (spec core §8): errors stay until dismissed and sit at the top,
 * warnings at the top, others at the bottom for 6 s. A system message opens in a dialog.
 */
export function AlertsHost() {
  const { t } = useTranslation();
  const { alerts } = useApp();
  const list = useSyncExternalStore(alerts.subscribe, alerts.getSnapshot);
  const [details, setDetails] = useState<Alert | null>(null);
  const current = list[0];
  const [shown, setShown] = useState<number | null>(null);

  // A new alert appears after a short pause, so consecutive ones are noticed (re-show 200 ms).
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setShown(current.id), 200);
    return () => clearTimeout(timer);
  }, [current]);

  const open = !!current && shown === current.id;
  const top = current?.type === 'error' || current?.type === 'warning';
  return (
    <>
      <Snackbar
        key={current?.id}
        open={open}
        anchorOrigin={{ vertical: top ? 'top' : 'bottom', horizontal: 'center' }}
        autoHideDuration={current?.type === 'error' ? null : ALERT_TIMEOUT_MS}
        onClose={(_, reason) => {
          if (reason === 'clickaway' && current?.type === 'error') return;
          if (current) alerts.dismiss(current.id);
        }}
      >
        {current ? (
          <MuiAlert
            severity={current.type}
            variant="filled"
            onClose={() => alerts.dismiss(current.id)}
            action={
              current.sysMessage ? (
                <Button color="inherit" size="small" onClick={() => setDetails(current)}>
                  {t('app.showDetails')}
                </Button>
              ) : undefined
            }
            sx={{ width: '100%' }}
          >
            {t(current.key, current.params ?? {})}
          </MuiAlert>
        ) : undefined}
      </Snackbar>
      <Dialog open={!!details} onClose={() => setDetails(null)} maxWidth="md" aria-labelledby="sysmsg-title">
        <DialogTitle id="sysmsg-title">{t('app.systemMessage')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('app.systemMessageIntro')}</DialogContentText>
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{details?.sysMessage}</pre>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDetails(null)}>{t('app.ok')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
