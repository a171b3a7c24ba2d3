import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCard } from './AccountCard';
import { fieldMessage, postAccount, type AccountResult } from './account-api';

export function ForgotPasswordView() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<AccountResult | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setResult(await postAccount('/api/forgot-password', { email: email.trim() }));
  }

  if (result?.ok)
    return (
      <AccountCard title={t('views.forgotPassword.title')}>
        <Alert severity="success" role="status">
          {t('views.forgotPassword.sent', { email: email.trim() })}
        </Alert>
      </AccountCard>
    );
  const fieldKey = fieldMessage(result?.body.fields, 'email');
  const general = result && !fieldKey ? t(`errors.${result.body.userMessage ?? 'generalFailure'}`) : null;
  return (
    <AccountCard title={t('views.forgotPassword.title')} error={general}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Typography>{t('views.forgotPassword.intro')}</Typography>
          <TextField
            label={t('views.forgotPassword.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            required
            autoFocus
            error={!!fieldKey}
            helperText={fieldKey ? t(fieldKey) : undefined}
          />
          <Button type="submit" variant="contained" size="large" disabled={!email.trim()}>
            {t('views.forgotPassword.submit')}
          </Button>
        </Stack>
      </Box>
    </AccountCard>
  );
}
