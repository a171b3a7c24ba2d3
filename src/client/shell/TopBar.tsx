import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import { AppBar, Box, IconButton, Link, Toolbar, Tooltip } from '@mui/material';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApp, useSession } from '../state/app-context';
import { TOKEN_VALID_STATES } from '../state/auth-state';
import { SystemAlertsIndicator } from '../admin/SystemAlertsIndicator';
import { useActiveSystemAlerts } from '../admin/useActiveSystemAlerts';
import { DocsMenu } from '../docs/DocsMenu';
import { NotificationBell } from '../notifications/NotificationBell';
import { HelpMenu } from './HelpMenu';
import { UserMenu } from './UserMenu';
import { lazyScreen } from '../i18n/screen-strings';

// The global search bar loads when first opened.
const GlobalSearch = lazyScreen(() =>
  import('../search/GlobalSearch').then((m) => ({ default: m.GlobalSearch })),
);

export function TopBar({ drawerOpen, onMenu }: { drawerOpen: boolean; onMenu: (() => void) | null }) {
  const { t } = useTranslation();
  const systemAlerts = useActiveSystemAlerts();
  const { config } = useApp();
  const session = useSession();
  const signedIn = !!session.user && TOKEN_VALID_STATES.has(session.authState);
  const [searching, setSearching] = useState(false);
  const searchButton = useRef<HTMLButtonElement | null>(null);
  // Escape gives the focus back to the toggle; after Enter the page it went to has it. The focus
  // moves after the key's own events, so the Enter cannot press the toggle again.
  const closeSearch = (how: 'escape' | 'navigate' = 'escape') => {
    setSearching(false);
    if (how === 'escape') setTimeout(() => searchButton.current?.focus(), 0);
  };
  return (
    <AppBar position="fixed" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        {onMenu && (
          <Tooltip title={drawerOpen ? t('topBar.closeMenu') : t('topBar.openMenu')}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={drawerOpen ? t('topBar.closeMenu') : t('topBar.openMenu')}
              aria-expanded={drawerOpen}
              onClick={onMenu}
            >
              <MenuIcon />
            </IconButton>
          </Tooltip>
        )}
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          variant="h6"
          noWrap
          sx={{
            flex: searching ? '0 1 auto' : 1,
            fontSize: { xs: '0.95rem', sm: '1.05rem' },
            fontWeight: 600,
            letterSpacing: '-0.01em',
            display: searching ? { xs: 'none', md: 'block' } : undefined,
          }}
        >
          {config.siteName}
        </Link>
        {signedIn && searching && (
          <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
            <Suspense fallback={null}>
              <GlobalSearch onClose={closeSearch} />
            </Suspense>
          </Box>
        )}
        {signedIn && (
          <Tooltip title={searching ? t('topBar.closeSearch') : t('topBar.search')}>
            <IconButton
              ref={searchButton}
              color="inherit"
              aria-label={searching ? t('topBar.closeSearch') : t('topBar.search')}
              aria-expanded={searching}
              onClick={() => (searching ? closeSearch('escape') : setSearching(true))}
            >
              {searching ? <CloseIcon /> : <SearchIcon />}
            </IconButton>
          </Tooltip>
        )}
        {signedIn && <SystemAlertsIndicator />}
        <DocsMenu />
        <NotificationBell systemAlerts={{ count: systemAlerts.active.length, reopen: systemAlerts.reopen }} />
        <HelpMenu />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
