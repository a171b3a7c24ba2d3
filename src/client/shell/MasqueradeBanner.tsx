import { Alert, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSession } from '../state/app-context';
import { stopMasquerade } from './masquerade';

/** Always visible while an admin acts as someone else, with the way back (spec core §4). */
export function MasqueradeBanner() {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  if (!user?.masquerading) return null;
  const stop = async () => {
    setBusy(true);
    try {
      await stopMasquerade(client);
    } catch (e) {
      setBusy(false);
      alerts.error(e);
    }
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" variant="outlined" disabled={busy} onClick={() => void stop()}>
          {t('people.stop')}
        </Button>
      }
    >
      {t('people.actingAs', { name: user.name ?? user.email ?? user.$id })}
    </Alert>
  );
}
