import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Toolbar,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useApp, useSession } from '../state/app-context';
import { applyMenuItems, useMenuItems } from '../admin/menu-items';
import { groupNav, navKey, visibleNav, type NavGroup } from './nav';

export const DRAWER_WIDTH = 240;

function Group({
  g,
  current,
  onNavigate,
  titled = true,
}: {
  g: NavGroup;
  current: string;
  onNavigate(): void;
  titled?: boolean;
}) {
  const { t } = useTranslation();
  const entries = [...(g.entry ? [g.entry] : []), ...g.children];
  return (
    <>
      {titled && !g.entry && g.children.length > 0 && <ListSubheader>{t(navKey(g.path))}</ListSubheader>}
      {entries.map((e) => (
        // The link sits in a list item: a <ul> may hold only <li> children.
        <ListItem key={e.path} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={`/${e.path}`}
            selected={current === e.path}
            aria-current={current === e.path ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ pl: e === g.entry ? 2 : 3 }}
          >
            <ListItemText primary={t(navKey(e.path))} />
          </ListItemButton>
        </ListItem>
      ))}
    </>
  );
}

/** The 240 px side menu (spec core §2, §9). Temporary on narrow screens, persistent on wide ones. */
export function NavDrawer({
  open,
  permanent,
  onClose,
}: {
  open: boolean;
  permanent: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { config } = useApp();
  const { user } = useSession();
  const location = useLocation();
  const current = location.pathname.split('/')[1] || 'home';
  const menu = useMenuItems();
  const { main, admin } = groupNav(applyMenuItems(visibleNav(config.nav, user, config.keyCaps), menu));
  const close = () => {
    if (!permanent) onClose();
  };
  const content = (
    <Box
      component="nav"
      aria-label={t('nav.title')}
      sx={{ width: DRAWER_WIDTH }}
      // The capabilities the menu was built from (the live session's), for checks and debugging.
      data-capabilities={capabilityList(user)}
    >
      <Toolbar />
      <List>
        {main.map((g) => (
          <Group key={g.path} g={g} current={current} onNavigate={close} />
        ))}
      </List>
      {admin.length > 0 && (
        <>
          <Divider />
          <List subheader={<ListSubheader>{t('nav.adminSection')}</ListSubheader>}>
            {admin.map((g) => (
              // The section is already headed "Administration": its group needs no second heading.
              <Group key={g.path} g={g} current={current} onNavigate={close} titled={false} />
            ))}
          </List>
        </>
      )}
    </Box>
  );
  return (
    <Drawer
      variant={permanent ? 'persistent' : 'temporary'}
      open={open}
      onClose={onClose}
      sx={{
        width: permanent && open ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      {content}
    </Drawer>
  );
}

function capabilityList(user: { capabilities?: Record<string, boolean> } | null): string {
  return Object.entries(user?.capabilities ?? {})
    .filter(([, on]) => on)
    .map(([c]) => c)
    .sort()
    .join(' ');
}
