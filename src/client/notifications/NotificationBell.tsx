import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../state/app-context';
import {
  BELL_MENU_SIZE,
  fetchNotifications,
  markNotifications,
  pairsKey,
  useUnreadPairs,
} from './notify-api';
import { notificationText } from './notify-text';

export interface NotificationBellProps {
  /** Active system alerts (spec core §2: the bell has an entry for them while any are active). */
  systemAlerts?: { count: number; reopen(): void };
}

/** The bell in the top bar: unread count, the newest unread five, and a link to all of them. */
export function NotificationBell({ systemAlerts }: NotificationBellProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pairs, valid, userId } = useUnreadPairs();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const first = pairs.slice(0, BELL_MENU_SIZE).map(([n]) => n);
  const items = useQuery({
    queryKey: ['notifyMenu', userId, first.join(',')],
    queryFn: () => fetchNotifications(client, first),
    enabled: valid && !!anchor,
  });
  const count = pairs.length;
  const label = count ? t('notifications.bellUnread', { count }) : t('notifications.bell');
  const close = () => setAnchor(null);

  const open = async (n: { _i: number; context?: unknown }) => {
    close();
    qc.setQueryData(pairsKey(userId), await markNotifications(client, { indexes: [n._i] }));
    if (typeof n.context === 'string') void navigate(`/i-${n.context}`);
  };

  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            color="inherit"
            aria-label={label}
            aria-haspopup="menu"
            aria-expanded={!!anchor}
            disabled={!valid}
            onClick={(e) => setAnchor(e.currentTarget)}
            data-testid="notification-bell"
          >
            <Badge badgeContent={count || undefined} color="error" max={99}>
              <NotificationsIcon />
            </Badge>
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ paper: { sx: { width: 360, maxWidth: '95vw' } } }}
      >
        {!!systemAlerts?.count && (
          <MenuItem
            onClick={() => {
              close();
              systemAlerts.reopen();
            }}
          >
            {t('adminScreens.alerts.indicator', { count: systemAlerts.count })}
          </MenuItem>
        )}
        {!!systemAlerts?.count && <Divider />}
        {count === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{t('notifications.none')}</Typography>
          </MenuItem>
        )}
        {(items.data ?? []).map((n) => {
          const { what, context } = notificationText(t, n);
          return (
            <MenuItem key={n.$id} onClick={() => void open(n)}>
              <ListItemText
                primary={context}
                secondary={what}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate('/notifications');
          }}
        >
          {t('notifications.viewAll')}
        </MenuItem>
      </Menu>
    </>
  );
}
