import { Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const COOKIE = 'cookies-ok';

function accepted(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${COOKIE}=`));
}

/** The cookie notice with OK and a link to /privacy-policy#cookies, remembered as cookies-ok. */
export function CookieBanner() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !accepted());
  if (!open) return null;
  return (
    <Paper
      role="region"
      aria-label={t('cookies.more')}
      elevation={6}
      sx={{
        position: 'fixed',
        bottom: 16,
        left: 16,
        right: 16,
        maxWidth: 640,
        mx: 'auto',
        p: 2,
        zIndex: (th) => th.zIndex.snackbar - 1,
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography sx={{ flex: 1 }}>
          {t('cookies.text')}{' '}
          <Link component={RouterLink} to="/privacy-policy#cookies">
            {t('cookies.more')}
          </Link>
        </Typography>
        <Button
          variant="contained"
          onClick={() => {
            document.cookie = `${COOKIE}=1; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
            setOpen(false);
          }}
        >
          {t('cookies.ok')}
        </Button>
      </Stack>
    </Paper>
  );
}
