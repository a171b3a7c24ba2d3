import { Box, Card, CardContent, Chip, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { itemLabel, readMany, recentItems, useApp, useSession } from '../../../../client/module-api';

export function HomeView() {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const { user } = useSession();
  const memberships = user?.memberships ?? [];
  const recent = recentItems();
  const ids = [...memberships.map((m) => m.org), ...recent];
  const items = useQuery({
    queryKey: ['home', user?.$id, ids.join(',')],
    queryFn: () => readMany(client, qc, ids),
    enabled: !!user && ids.length > 0,
  });
  const found = items.data ?? {};
  return (
    <Box sx={{ p: 3 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {user
          ? t('views.home.welcome', { name: user.name ?? user.email ?? '' })
          : t('views.home.welcomeAnon')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('app.tagline')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {t('views.home.memberships')}
            </Typography>
            {memberships.length === 0 ? (
              <Typography color="text.secondary">{t('views.home.noMemberships')}</Typography>
            ) : (
              <List dense>
                {memberships.map((m) => (
                  <ListItem key={m.org} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                    <Link component={RouterLink} to={`/i-${m.org}`}>
                      {found[m.org] ? itemLabel(found[m.org]!) : m.org}
                    </Link>
                    {m.roles.map((r) => (
                      <Chip key={r} size="small" label={t(`views.home.role.${r}`)} />
                    ))}
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ flex: 1 }}>
          <CardContent>
            <Typography component="h2" variant="h6" gutterBottom>
              {t('views.home.recent')}
            </Typography>
            {recent.length === 0 ? (
              <Typography color="text.secondary">{t('views.home.noRecent')}</Typography>
            ) : (
              <List dense>
                {recent
                  .filter((id) => found[id])
                  .map((id) => (
                    <ListItem key={id} disableGutters>
                      <Link component={RouterLink} to={`/i-${id}`}>
                        {itemLabel(found[id]!)}
                      </Link>
                    </ListItem>
                  ))}
              </List>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
