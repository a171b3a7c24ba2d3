import { Alert, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AccountCard } from './AccountCard';
import { postAccount, type AccountResult } from './account-api';

export function ConfirmEmailView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [result, setResult] = useState<AccountResult | null>(null);
  useEffect(() => {
    if (token) void postAccount('/api/confirm-email', { token }).then(setResult);
  }, [token]);
  return (
    <AccountCard title={t('views.confirmEmail.title')}>
      {!result && token && (
        <Alert severity="info" role="status">
          {t('views.confirmEmail.working')}
        </Alert>
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
          {t('views.confirmEmail.done', { email: String(result.body.email ?? '') })}
        </Alert>
      )}
      {(!token || (result && !result.ok)) && (
        <Alert severity="warning">{t('views.confirmEmail.failed')}</Alert>
      )}
    </AccountCard>
  );
}
