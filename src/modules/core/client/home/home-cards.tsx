import { Chip, Link, List, ListItem, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { itemLabel, readMany, recentItems, useApp, useSession } from '../../../../client/module-api';

// Core's component cards on the home dashboard (module.ts coreCards): the user's organisations
// with their roles, and the items they opened last. The card frame (heading, size) is the grid's.

function useLabels(ids: string[]) {
  const { client } = useApp();
  const qc = useQueryClient();
  const { user } = useSession();
  const q = useQuery({
    queryKey: ['home', user?.$id, ids.join(',')],
    queryFn: () => readMany(client, qc, ids),
    enabled: !!user && ids.length > 0,
  });
  return q.data ?? {};
}

export function Memberships() {
  const { t } = useTranslation();
  const { user } = useSession();
  const memberships = user?.memberships ?? [];
  const found = useLabels(memberships.map((m) => m.org));
  if (memberships.length === 0)
    return <Typography color="text.secondary">{t('views.home.noMemberships')}</Typography>;
  return (
    <List dense disablePadding>
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
  );
}

export function RecentlyOpened() {
  const { t } = useTranslation();
  const recent = recentItems();
  const found = useLabels(recent);
  if (recent.length === 0) return <Typography color="text.secondary">{t('views.home.noRecent')}</Typography>;
  return (
    <List dense disablePadding>
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
  );
}
