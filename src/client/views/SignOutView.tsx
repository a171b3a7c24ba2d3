import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearDeviceData, unsyncedOnDevice } from '../modules/device-data';
import { useApp, useSession } from '../state/app-context';
import { storedUserId } from '../state/token-store';
import { AccountCard } from './AccountCard';

/**
 * Signing out clears what the modules keep on this device for the person (client/modules/
 * device-data.ts: the offline field data), so the next person on a shared phone finds none of
 * it. What the server does not have yet is never deleted unasked: the person is told how much,
 * and stays signed in (to send it) or deletes it and signs out. When the device cannot be asked,
 * the person is signed out and the data stays, rather than being lost.
 */
export function SignOutView() {
  const { t } = useTranslation();
  const { client } = useApp();
  const { user } = useSession();
  const navigate = useNavigate();
  const userId = user?.$id ?? storedUserId();
  const [held, setHeld] = useState<number | null>(null);
  const started = useRef(false);

  const signOut = async (clear: boolean) => {
    setHeld(null);
    if (clear && userId) await clearDeviceData(userId).catch(() => undefined);
    await client.signOut();
    void navigate('/sign-in', { replace: true });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const n = userId ? await unsyncedOnDevice(userId).catch(() => -1) : 0;
      if (n > 0) setHeld(n);
      else await signOut(n === 0);
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page opens
  }, []);

  return (
    <AccountCard title={t('views.signOut.title')}>
      {held === null ? (
        <Typography role="status">{t('app.loading')}</Typography>
      ) : (
        <Stack spacing={2}>
          <Alert severity="warning" role="alert">
            {t('views.signOut.unsynced', { count: held })}
          </Alert>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate('/', { replace: true })}>{t('views.signOut.stay')}</Button>
            <Button color="error" variant="contained" onClick={() => void signOut(true)}>
              {t('views.signOut.discard')}
            </Button>
          </Stack>
        </Stack>
      )}
    </AccountCard>
  );
}
