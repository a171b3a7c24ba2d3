import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  fetchNotifications,
  formatDate,
  markNotifications,
  notificationText,
  pairsKey,
  RequestError,
  useApp,
  useUnreadPairs,
  type ViewProps,
} from '../../../../client/module-api';

const PAGE = 50;

/**
 * /notifications: the user's notifications, newest first, to open, mark read or unread. With
 * an item id as the cell parameter (`/notifications?c0=Thread-3`, or the item link of
 * /notifications/i-Thread-3) only that item's notifications are listed.
 */
export function NotificationsView({ param, rest }: ViewProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const { valid, userId } = useUnreadPairs();
  const itemId = param ?? rest.find((s) => s.startsWith('i-'))?.slice(2) ?? null;
  const list = useQuery({
    queryKey: ['notifyList', userId, itemId],
    queryFn: async () => {
      const must: Record<string, string[]> = { _t: ['Notify'] };
      if (itemId) must.context = [itemId];
      const found = await client.request<{ ids: string[] }>('search/ids', {
        must,
        sort: [{ key: '_c.ts', order: 'desc' }],
        max: PAGE,
      });
      return fetchNotifications(client, found.ids);
    },
    enabled: valid,
  });
  // A new notification or a change made in the bell shows here at once.
  useEffect(
    () => client.on('item/notify', () => void qc.invalidateQueries({ queryKey: ['notifyList'] })),
    [client, qc],
  );

  const mark = async (body: { indexes?: number[]; asUnread?: boolean; all?: boolean }) => {
    // The buttons fire and forget: a refusal or a lost connection is shown, not dropped.
    try {
      qc.setQueryData(pairsKey(userId), await markNotifications(client, body));
      await qc.invalidateQueries({ queryKey: ['notifyList'] });
    } catch (e) {
      alerts.push({
        type: 'error',
        key: `errors.${e instanceof RequestError ? e.userMessage : 'generalFailure'}`,
      });
    }
  };
  const items = list.data ?? [];
  const unread = items.some((n) => n.unread === true);
  const itemLabel = itemId ? (items[0]?.$labels?.[itemId] ?? itemId) : null;

  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }}>
          {itemLabel ? t('notifications.titleFor', { item: itemLabel }) : t('notifications.title')}
        </Typography>
        {itemId && (
          <Button component={RouterLink} to="/notifications" size="small">
            {t('notifications.showAll')}
          </Button>
        )}
        <Button size="small" variant="outlined" disabled={!unread} onClick={() => void mark({ all: true })}>
          {t('notifications.markAllRead')}
        </Button>
      </Stack>
      {list.isFetching && <LinearProgress aria-label={t('notifications.title')} />}
      {list.isError && <Alert severity="error">{t('notifications.loadFailed')}</Alert>}
      {list.isSuccess && items.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('notifications.empty')}
        </Typography>
      )}
      <List aria-label={t('notifications.title')}>
        {items.map((n) => {
          const { what, context } = notificationText(t, n);
          const isUnread = n.unread === true;
          const actor = n._c?.$id ? n.$labels?.[n._c.$id] : undefined;
          return (
            <ListItem
              key={n.$id}
              divider
              data-testid="notification-row"
              secondaryAction={
                <Button size="small" onClick={() => void mark({ indexes: [n._i], asUnread: !isUnread })}>
                  {isUnread ? t('notifications.markRead') : t('notifications.markUnread')}
                </Button>
              }
              sx={{ pr: 16 }}
            >
              <ListItemText
                primary={
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                    {isUnread && <Chip size="small" color="primary" label={t('notifications.unread')} />}
                    <Link
                      component={RouterLink}
                      to={typeof n.context === 'string' ? `/i-${n.context}` : '#'}
                      onClick={() => {
                        if (isUnread) void mark({ indexes: [n._i] });
                      }}
                      sx={{ fontWeight: isUnread ? 'bold' : undefined }}
                    >
                      {context}
                    </Link>
                  </Stack>
                }
                secondary={[
                  what,
                  actor ? t('notifications.by', { name: actor }) : null,
                  formatDate(n._c.ts ?? ''),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
