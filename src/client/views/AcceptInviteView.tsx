import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AccountCard } from './AccountCard';
import { postAccount, type AccountResult } from './account-api';

/**
 * The invitation link of a person who has an account: nothing is joined until they choose
 * Accept (a link that acted on opening would be accepted by any mail scanner that follows it).
 */
export function AcceptInviteView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [result, setResult] = useState<AccountResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function accept() {
    setBusy(true);
    setResult(await postAccount('/api/accept-invite', { token }));
    setBusy(false);
  }

  return (
    <AccountCard title={t('views.acceptInvite.title')}>
      {token && !result && (
        <Stack spacing={2}>
          <Alert severity="info">{t('views.acceptInvite.explain')}</Alert>
          <Button variant="contained" size="large" disabled={busy} onClick={() => void accept()}>
            {t('views.acceptInvite.accept')}
          </Button>
        </Stack>
      )}
      {result?.ok && (
        <Alert
          severity="success"
          role="status"
          action={
            <Button component={RouterLink} to="/sign-in">
              {t('views.signIn.submit')}
            </Button>
          }
        >
          {t('views.acceptInvite.done')}
        </Alert>
      )}
      {(!token || (result && !result.ok)) && (
        <Alert severity="warning">{t('views.acceptInvite.failed')}</Alert>
      )}
    </AccountCard>
  );
}
