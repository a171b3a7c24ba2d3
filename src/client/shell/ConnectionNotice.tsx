import { Alert, Button } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSession } from '../state/app-context';
import { useCountdown } from './useCountdown';

/** While the connection is lost: the countdown and "Retry now"; on recovery a success message. */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const session = useSession();
  const seconds = useCountdown(session.retryAt);
  useEffect(
    () =>
      client.onEvent((e) => {
        if (e.kind === 'reconnected') alerts.push({ type: 'success', key: 'app.networkRetry.connected' });
      }),
    [client, alerts],
  );
  if (session.authState !== 'CONNECTION_LOST' && session.retryAt === null) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" onClick={() => client.retryNow()}>
          {t('app.networkRetry.now')}
        </Button>
      }
    >
      {seconds > 0 ? t('app.networkRetry.waiting', { seconds }) : t('app.networkRetry.trying')}{' '}
      {t('app.badConnectionHelp')}
    </Alert>
  );
}
