import DoneIcon from '@mui/icons-material/Done';
import { Box, Chip, IconButton, Link, List, ListItem, Skeleton, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  fetchNotifications,
  formatDate,
  itemLabel,
  markNotifications,
  notificationText,
  pairsKey,
  readMany,
  recentItems,
  useApp,
  useCardCount,
  useItemHref,
  useSession,
  useUnreadPairs,
  type Item,
} from '../../../../client/module-api';
import { isOverdue } from './due';

// Core's component cards on the home dashboard (../../dashboards.ts): what is assigned to the user,
// their unread notifications, their organisations and the items they opened last. Each reads
// through search/ids and readMany, so the server's policy decides what it shows; the card frame
// (heading, count, size) is the grid's.

/** How many items a home card lists; its count says how many there are in all. */
const SHOWN = 6;

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

/** Refetches `queryKey` when a notification arrives: an assignment or a change comes with one. */
function useRefetchOnNotify(queryKey: readonly unknown[]) {
  const { client } = useApp();
  const qc = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(
    () =>
      client.on('item/notify', () => void qc.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] })),
    [client, qc, key],
  );
}

/** An empty card: what belongs there, and where to go about it. */
function Empty({ text, action, to }: { text: string; action?: string; to?: string }) {
  return (
    <Box>
      <Typography color="text.secondary" variant="body2">
        {text}
      </Typography>
      {action && to && (
        <Link component={RouterLink} to={to} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
          {action}
        </Link>
      )}
    </Box>
  );
}

function Loading() {
  return (
    <Box aria-hidden>
      <Skeleton width="80%" />
      <Skeleton width="60%" />
    </Box>
  );
}

function Failed() {
  const { t } = useTranslation();
  return (
    <Typography color="error" role="alert" variant="body2">
      {t('home.loadFailed')}
    </Typography>
  );
}

/** A row of a home card: the item as a link (opens in the next cell, or a new tab), then details. */
function Row({ id, label, children }: { id: string; label: string; children?: ReactNode }) {
  const href = useItemHref();
  return (
    <ListItem disableGutters sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'baseline', py: 0.5 }}>
      <Link
        component={RouterLink}
        to={href(id)}
        sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {label}
      </Link>
      {children}
    </ListItem>
  );
}

/**
 * Threads assigned to the user (or to their contact card), open ones, the soonest due first;
 * overdue ones are marked. Spec core §3: Thread.assignedTo, assignedDue.
 */
export function AssignedToMe() {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const { user } = useSession();
  const queryKey = ['home', 'assigned', user?.$id];
  useRefetchOnNotify(queryKey);
  const q = useQuery({
    queryKey,
    queryFn: async () => {
      const me = user!.$id;
      // A thread may be assigned to the contact card of the user's account.
      const cards = await client.request<{ ids: string[] }>('search/ids', {
        must: { _t: ['Contact'], user: [me] },
        max: 5,
      });
      const found = await client.request<{ ids: string[]; total: number }>('search/ids', {
        must: { _t: ['Thread'], assignedTo: [me, ...cards.ids] },
        mustNot: { resolved: [true] },
        sort: [
          { key: 'assignedDue', order: 'asc' },
          { key: '_m.ts', order: 'desc' },
        ],
        max: SHOWN,
      });
      const got = await readMany(client, qc, found.ids);
      return { total: found.total, items: found.ids.map((id) => got[id]).filter((i): i is Item => !!i) };
    },
    enabled: !!user,
    staleTime: 0,
  });
  useCardCount(q.data?.total);
  if (q.isPending) return <Loading />;
  if (q.isError) return <Failed />;
  if (!q.data.items.length)
    return <Empty text={t('home.assignedEmpty')} action={t('home.assignedAction')} to="/conversations" />;
  const today = new Date();
  return (
    <List dense disablePadding>
      {q.data.items.map((th) => {
        const due = typeof th.assignedDue === 'string' ? th.assignedDue : null;
        const late = due !== null && isOverdue(due, today);
        return (
          <Row key={th.$id} id={th.$id} label={itemLabel(th)}>
            <Typography
              component="span"
              variant="body2"
              color={late ? 'error' : 'text.secondary'}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {due ? t('home.due', { date: formatDate(due) }) : t('home.noDue')}
            </Typography>
            {late && <Chip size="small" color="error" variant="outlined" label={t('home.overdue')} />}
          </Row>
        );
      })}
    </List>
  );
}

/** The user's unread notifications, newest first, each to open or mark read. */
export function UnreadNotifications() {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const { valid, userId } = useUnreadPairs();
  const queryKey = ['home', 'unread', userId];
  useRefetchOnNotify(queryKey);
  const q = useQuery({
    queryKey,
    queryFn: async () => {
      const found = await client.request<{ ids: string[]; total: number }>('search/ids', {
        must: { _t: ['Notify'], unread: [true] },
        sort: [{ key: '_c.ts', order: 'desc' }],
        max: SHOWN,
      });
      return { total: found.total, items: await fetchNotifications(client, found.ids) };
    },
    enabled: valid,
    staleTime: 0,
  });
  useCardCount(q.data?.total);

  async function markRead(n: Item) {
    try {
      qc.setQueryData(pairsKey(userId), await markNotifications(client, { indexes: [n._i] }));
      await qc.invalidateQueries({ queryKey: ['home', 'unread'] });
      await qc.invalidateQueries({ queryKey: ['notifyList'] });
    } catch (e) {
      alerts.error(e);
    }
  }

  if (q.isPending) return <Loading />;
  if (q.isError) return <Failed />;
  if (!q.data.items.length)
    return <Empty text={t('home.unreadEmpty')} action={t('home.unreadAction')} to="/notifications" />;
  return (
    <List dense disablePadding>
      {q.data.items.map((n) => {
        const { what, context } = notificationText(t, n);
        const contextId = typeof n.context === 'string' ? n.context : null;
        return (
          <ListItem
            key={n.$id}
            disableGutters
            data-testid="home-notification"
            sx={{ gap: 1, alignItems: 'flex-start', py: 0.5 }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              {contextId ? <NotifyLink id={contextId} label={context} /> : <Typography>{context}</Typography>}
              <Typography variant="body2" color="text.secondary">
                {[what, formatDate(n._c.ts ?? '')].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <Tooltip title={t('notifications.markRead')}>
              <IconButton
                size="small"
                onClick={() => void markRead(n)}
                aria-label={`${t('notifications.markRead')}: ${context}`}
                sx={{ flexShrink: 0 }}
              >
                <DoneIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </ListItem>
        );
      })}
    </List>
  );
}

function NotifyLink({ id, label }: { id: string; label: string }) {
  const href = useItemHref();
  return (
    <Link component={RouterLink} to={href(id)} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
      {label}
    </Link>
  );
}

export function Memberships() {
  const { t } = useTranslation();
  const { user } = useSession();
  const memberships = user?.memberships ?? [];
  const found = useLabels(memberships.map((m) => m.org));
  useCardCount(memberships.length);
  if (memberships.length === 0) return <Empty text={t('views.home.noMemberships')} />;
  return (
    <List dense disablePadding>
      {memberships.map((m) => (
        <Row key={m.org} id={m.org} label={found[m.org] ? itemLabel(found[m.org]!) : m.org}>
          {m.roles.map((r) => (
            <Chip key={r} size="small" label={t(`views.home.role.${r}`)} />
          ))}
        </Row>
      ))}
    </List>
  );
}

export function RecentlyOpened() {
  const { t } = useTranslation();
  const { user } = useSession();
  const recent = recentItems(user?.$id);
  const found = useLabels(recent);
  const shown = recent.filter((id) => found[id]);
  useCardCount(recent.length ? shown.length : 0);
  if (recent.length === 0)
    return <Empty text={t('home.recentEmpty')} action={t('home.recentAction')} to="/search" />;
  return (
    <List dense disablePadding>
      {shown.map((id) => (
        <Row key={id} id={id} label={itemLabel(found[id]!)} />
      ))}
    </List>
  );
}
