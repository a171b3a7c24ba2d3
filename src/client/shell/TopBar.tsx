import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, IconButton, Link, Toolbar, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApp } from '../state/app-context';
import { HelpMenu } from './HelpMenu';
import { UserMenu } from './UserMenu';

export function TopBar({ drawerOpen, onMenu }: { drawerOpen: boolean; onMenu: (() => void) | null }) {
  const { t } = useTranslation();
  const { config } = useApp();
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
          sx={{ flex: 1, fontSize: { xs: '1rem', sm: '1.2rem' } }}
          aria-label={t('topBar.home')}
        >
          {config.siteName}
        </Link>
        <HelpMenu />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
