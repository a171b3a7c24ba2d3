import { Box, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HomeDashboard, readMany, useApp, useSession } from '../../../../client/module-api';
import { audienceOf, type Audience } from './audience';

/**
 * The home view: a welcome and a line for its reader (a community member or staff, a proponent,
 * a regulator: audience.ts), then the home dashboard of the user's capability (core's: what is
 * assigned to them, unread notifications, recent changes, and the cards modules add). The
 * dashboard is a chunk of its own, so the welcome shows at once.
 */
export function HomeView() {
  const { t } = useTranslation();
  const { user } = useSession();
  const audience = useAudience();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }} data-audience={audience ?? undefined}>
      <Typography component="h1" variant="h4" gutterBottom>
        {user
          ? t('views.home.welcome', { name: user.name ?? user.email ?? '' })
          : t('views.home.welcomeAnon')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '70ch' }} data-testid="home-lead">
        {/* Until the organisations are read, a blank line rather than words for the wrong reader. */}
        {audience ? t(`home.lead.${audience}`) : <Skeleton width="50%" />}
      </Typography>
      {user && (
        <Suspense fallback={null}>
          <HomeDashboard />
        </Suspense>
      )}
    </Box>
  );
}

/** The user's audience, from the types of their organisations (read as any item is, by the policy). */
function useAudience(): Audience | null {
  const { client } = useApp();
  const qc = useQueryClient();
  const { user } = useSession();
  const orgs = (user?.memberships ?? []).map((m) => m.org);
  const q = useQuery({
    queryKey: ['home', 'orgTypes', orgs.join(',')],
    queryFn: async () => {
      const found = await readMany(client, qc, orgs);
      return orgs.map((id) => {
        const type = found[id]?.type;
        return typeof type === 'string' ? type : undefined;
      });
    },
    enabled: !!user && orgs.length > 0,
    staleTime: Infinity,
  });
  if (!user) return null;
  if (orgs.length === 0) return audienceOf([], user.admin);
  // Organisations that cannot be read: speak plainly rather than wait for ever.
  if (q.isError) return 'other';
  return q.data ? audienceOf(q.data, user.admin) : null;
}
