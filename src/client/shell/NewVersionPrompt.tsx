import { Button, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const CHECK_EVERY_MS = 30 * 60_000;

/** Registers /sw.js and offers a refresh when a new version's worker is waiting. */
export function NewVersionPrompt() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    navigator.serviceWorker
      .register('/sw.js')
      .then((reg) => {
        const watch = (w: ServiceWorker | null) => {
          if (!w) return;
          w.addEventListener('statechange', () => {
            if (w.state === 'installed' && navigator.serviceWorker.controller) setWaiting(w);
          });
        };
        if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
        reg.addEventListener('updatefound', () => watch(reg.installing));
        timer = setInterval(() => void reg.update().catch(() => undefined), CHECK_EVERY_MS);
      })
      .catch(() => undefined); // a failed registration is ignored (spec core §8)
    return () => clearInterval(timer);
  }, []);
  return (
    <Snackbar
      open={!!waiting}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={t('app.newVersion')}
      action={
        <Button
          color="secondary"
          size="small"
          onClick={() => {
            waiting?.postMessage('skipWaiting');
            location.reload();
          }}
        >
          {t('app.refresh')}
        </Button>
      }
    />
  );
}
