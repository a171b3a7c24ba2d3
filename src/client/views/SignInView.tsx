import { Box, Button, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useApp, useSession } from '../state/app-context';
import { RequestError } from '../state/request-error';
import { safeNext } from '../shell/redirects';
import { AccountCard } from './AccountCard';
import { useEffect } from 'react';

export function SignInView() {
  const { t } = useTranslation();
  const { client } = useApp();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next = safeNext(params.get('next'));

  useEffect(() => {
    if (session.authState === 'USER_VALID') void navigate(next, { replace: true });
  }, [session.authState, navigate, next]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await client.signIn(email.trim(), password);
    } catch (err) {
      setError(t(`errors.${err instanceof RequestError ? err.userMessage : 'generalFailure'}`));
      setBusy(false);
    }
  }

  return (
    <AccountCard title={t('views.signIn.title')} error={error}>
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <TextField
            label={t('views.signIn.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoFocus
            fullWidth
          />
          <TextField
            label={t('views.signIn.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy || !email || !password}>
            {t('views.signIn.submit')}
          </Button>
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link component={RouterLink} to="/forgot-password">
              {t('views.signIn.forgot')}
            </Link>
            <Link component={RouterLink} to="/register">
              {t('views.signIn.register')}
            </Link>
          </Stack>
        </Stack>
      </Box>
    </AccountCard>
  );
}
