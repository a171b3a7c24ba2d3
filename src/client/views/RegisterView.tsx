import { Alert, Box, Button, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AccountCard } from './AccountCard';
import { fieldMessage, postAccount, type AccountResult } from './account-api';

export function RegisterView() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [result, setResult] = useState<AccountResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(await postAccount('/api/register', { name: name.trim(), email: email.trim(), password }));
    setBusy(false);
  }

  const fields = result?.ok ? undefined : result?.body.fields;
  const err = (path: string) => {
    const key = fieldMessage(fields, path);
    return key ? t(key) : undefined;
  };
  if (result?.ok)
    return (
      <AccountCard title={t('views.register.title')}>
        <Alert severity="success" role="status">
          {t('views.register.sent', { email: email.trim() })}
        </Alert>
      </AccountCard>
    );
  const general =
    result && !result.ok && !fields?.length
      ? t(`errors.${result.body.userMessage ?? 'generalFailure'}`)
      : null;
  return (
    <AccountCard title={t('views.register.title')} error={general}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label={t('views.register.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            required
            autoFocus
            error={!!err('name')}
            helperText={err('name')}
          />
          <TextField
            label={t('views.register.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            required
            error={!!err('email')}
            helperText={err('email')}
          />
          <TextField
            label={t('views.register.password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            required
            error={!!err('password')}
            helperText={err('password') ?? t('views.register.passwordHelp')}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('views.register.submit')}
          </Button>
          <Link component={RouterLink} to="/sign-in">
            {t('views.register.haveAccount')}
          </Link>
        </Stack>
      </Box>
    </AccountCard>
  );
}
