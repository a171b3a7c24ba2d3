import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import { Badge, IconButton, ListItemText, Menu, MenuItem, Switch, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWhatsNew } from '../whats-new/useWhatsNew';
import { useTranslation } from 'react-i18next';
import { useApp, useSession } from '../state/app-context';
import { useCountdown } from './useCountdown';
import { isDebug, setDebug } from './debug';

// The support form loads when first opened.
const SupportDialog = lazy(() => import('../docs/info-views').then((m) => ({ default: m.SupportDialog })));

/** Version, debug toggle (admins or masquerading), connection state and the retry countdown. */
export function HelpMenu() {
  const { t } = useTranslation();
  const { config, client } = useApp();
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
          aria-label={t('topBar.helpMenu')}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge
            color="error"
            variant="dot"
            invisible={session.health === 'GOOD' && session.retryAt === null}
          >
            <HelpOutlineIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
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
            <Switch
              edge="end"
              size="small"
              checked={debug}
              tabIndex={-1}
              slotProps={{ input: { 'aria-hidden': true } }}
            />
          </MenuItem>
        )}
        <MenuItem disabled>{t('helpMenu.version', { version: config.version })}</MenuItem>
      </Menu>
      {signedIn && support && (
        <Suspense fallback={null}>
          <SupportDialog open onClose={() => setSupport(false)} />
        </Suspense>
      )}
    </>
  );
}
