import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApp } from '../state/app-context';
import { AccountCard } from './AccountCard';
import { fieldMessage, postAccount, type AccountResult } from './account-api';

export function SetPassView() {
  const { t } = useTranslation();
  const { client } = useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<AccountResult | null>(null);
  const mismatch = confirm.length > 0 && confirm !== password;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (mismatch) return;
    const r = await postAccount('/api/set-pass', { token, password });
    setResult(r);
    if (r.ok && r.token) {
      client.adoptToken(r.token, typeof r.body.userId === 'string' ? r.body.userId : null);
      void navigate('/', { replace: true });
    }
  }

  if (!token)
    return (
      <AccountCard title={t('views.setPass.title')}>
        <Alert severity="warning">{t('views.setPass.missingToken')}</Alert>
      </AccountCard>
    );
  const fieldKey = fieldMessage(result?.body.fields, 'password');
  const general =
    result && !result.ok && !fieldKey ? t(`errors.${result.body.userMessage ?? 'generalFailure'}`) : null;
  return (
    <AccountCard title={t('views.setPass.title')} error={general}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label={t('views.setPass.password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            required
            autoFocus
            error={!!fieldKey}
            helperText={fieldKey ? t(fieldKey) : t('views.register.passwordHelp')}
          />
          <TextField
            label={t('views.setPass.confirm')}
            type="password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            autoComplete="new-password"
            required
            error={mismatch}
            helperText={mismatch ? t('views.setPass.mismatch') : undefined}
          />
          <Button type="submit" variant="contained" size="large" disabled={!password || mismatch}>
            {t('views.setPass.submit')}
          </Button>
        </Stack>
      </Box>
    </AccountCard>
  );
}
