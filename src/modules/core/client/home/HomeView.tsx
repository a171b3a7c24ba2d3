import { Box, Typography } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeDashboard, useSession } from '../../../../client/module-api';

/**
 * The home view: a welcome, then the home dashboard of the user's capability (core's: their
 * organisations, recently opened items, conversations, changes, due dates). The dashboard is a
 * chunk of its own, so the welcome shows at once.
 */
export function HomeView() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {user
          ? t('views.home.welcome', { name: user.name ?? user.email ?? '' })
          : t('views.home.welcomeAnon')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('app.tagline')}
      </Typography>
      {user && (
        <Suspense fallback={null}>
          <HomeDashboard />
        </Suspense>
      )}
    </Box>
  );
}
