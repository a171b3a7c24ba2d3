import { Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../state/app-context';
import { AccountCard } from './AccountCard';

export function SignOutView() {
  const { t } = useTranslation();
  const { client } = useApp();
  const navigate = useNavigate();
  useEffect(() => {
    void client.signOut().then(() => navigate('/sign-in', { replace: true }));
  }, [client, navigate]);
  return (
    <AccountCard title={t('views.signOut.title')}>
      <Typography role="status">{t('app.loading')}</Typography>
    </AccountCard>
  );
}
