import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { Badge, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useWhatsNew } from '../whats-new/useWhatsNew';
import { useTranslation } from 'react-i18next';
import { useApp, useSession } from '../state/app-context';
import { useCountdown } from './useCountdown';
import { isDebug, setDebug } from './debug';
import type { TaskInfo } from '../state/socket-client';
import { isRunning, taskStoreFor, useTasks } from '../state/tasks';
import { KillTaskDialog, taskMenuItems } from './TaskMenuItems';
import { lazyScreen } from '../i18n/screen-strings';

/**
 * Background tasks (progress, download, kill), version, debug toggle (admins or masquerading),
 * connection state and the retry countdown.
 */
// The support form loads when first opened.
const SupportDialog = lazyScreen(() =>
  import('../docs/info-views').then((m) => ({ default: m.SupportDialog })),
);

export function HelpMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config, client, alerts } = useApp();
  const store = taskStoreFor(client, alerts);
  const tasks = useTasks(store);
  const [killing, setKilling] = useState<TaskInfo | null>(null);
  const running = tasks.filter(isRunning).length;
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [debug, setDebugState] = useState(isDebug());
  const seconds = useCountdown(session.retryAt);
  const { unseen } = useWhatsNew();
  const [support, setSupport] = useState(false);
  const signedIn = !!session.user;
  const mayDebug = !!session.user && (session.user.admin || session.user.masquerading === true);
  const health =
    session.health === 'GOOD'
      ? t('helpMenu.connectionGood')
      : session.health === 'WAIT'
        ? t('helpMenu.connectionWait')
        : t('helpMenu.connectionBad');
  return (
    <>
      <Tooltip title={t('topBar.helpMenu')}>
        <IconButton
          color="inherit"
          aria-label={running ? t('tasks.helpWithTasks', { count: running }) : t('topBar.helpMenu')}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge
            color="primary"
            badgeContent={running > 0 ? running : null}
            overlap="circular"
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <Badge
              color="error"
              variant="dot"
              invisible={session.health === 'GOOD' && session.retryAt === null}
            >
              <HelpOutlineIcon />
            </Badge>
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {taskMenuItems(
          tasks,
          t,
          (task) => {
            setAnchor(null);
            setKilling(task);
          },
          (task) => {
            setAnchor(null);
            if (task.resultURI) window.open(task.resultURI, '_blank', 'noopener');
            else if (task.keyItem) void navigate(`/i-${task.keyItem}`);
          },
          (task) => void store.dismiss(task.key),
        )}
        {signedIn && (
          <MenuItem component={RouterLink} to="/whats-new" onClick={() => setAnchor(null)}>
            <ListItemText
              primary={t('nav.whats-new')}
              secondary={
                unseen
                  ? t('adminScreens.whatsNew.unseen', { count: unseen })
                  : t('adminScreens.whatsNew.allSeen')
              }
            />
          </MenuItem>
        )}
        {signedIn && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setSupport(true);
            }}
          >
            {t('adminScreens.support.menu')}
          </MenuItem>
        )}
        <MenuItem disabled>
          <ListItemText
            primary={t('helpMenu.connection')}
            secondary={session.retryAt !== null ? t('app.networkRetry.waiting', { seconds }) : health}
          />
        </MenuItem>
        {session.retryAt !== null && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              client.retryNow();
            }}
          >
            {t('app.networkRetry.now')}
          </MenuItem>
        )}
        {mayDebug && (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={debug}
            onClick={() => {
              setDebug(!debug);
              setDebugState(!debug);
            }}
          >
            <ListItemText>{t('helpMenu.debug')}</ListItemText>
            {/* An icon, not a Switch: a control inside a menu item is nested-interactive. */}
            {debug ? (
              <ToggleOnIcon color="primary" aria-hidden />
            ) : (
              <ToggleOffIcon color="action" aria-hidden />
            )}
          </MenuItem>
        )}
        <MenuItem disabled>{t('helpMenu.version', { version: config.version })}</MenuItem>
      </Menu>
      <KillTaskDialog task={killing} store={store} onClose={() => setKilling(null)} />
      {signedIn && support && (
        <Suspense fallback={null}>
          <SupportDialog open onClose={() => setSupport(false)} />
        </Suspense>
      )}
    </>
  );
}
