import {
  Box,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
} from '@mui/material';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { NavEntry } from '../../kernel/module';
import { useApp, useSession } from '../state/app-context';
import { applyMenuItems, useMenuItems } from '../admin/menu-items';
import { viewDef } from '../views/registry';
import { groupNav, navKey, visibleNav, type NavGroup } from './nav';
import { lazyScreen } from '../i18n/screen-strings';

export const DRAWER_WIDTH = 240;

// The icons arrive in a chunk of their own after start-up (nav-icons.tsx says why); meanwhile
// each keeps its place.
const NavIcon = lazyScreen(() => import('./nav-icons').then((m) => ({ default: m.NavIcon })));
const ICON_PLACE = <Box sx={{ width: 20, height: 20 }} />;
function Icon({ icon, sx }: { icon: string | undefined; sx?: SxProps<Theme> }) {
  return (
    <IconBoundary>
      <Suspense fallback={ICON_PLACE}>
        <NavIcon icon={icon} fontSize="small" sx={sx} />
      </Suspense>
    </IconBoundary>
  );
}

/** Without the icons' chunk (offline after an update) the drawer still works, without icons. */
class IconBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? ICON_PLACE : this.props.children;
  }
}

/** A group header's icon by the group's path (a module group without one shows the page icon). */
const GROUP_ICONS: Readonly<Record<string, string>> = { admin: 'AdminPanelSettings' };

/** Groups the person folded, remembered on this device. */
const COLLAPSED_KEY = 'ckk-nav-collapsed';
function readCollapsed(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(COLLAPSED_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const ICON_BOX = { minWidth: 32, color: 'text.secondary' } as const;
// Entries are compact rounded rows inset from the drawer's edge (as Linear's and Twenty's are);
// the current one is tinted, with its icon in the primary colour.
const ROW = {
  borderRadius: 1.5,
  mx: 1,
  my: 0.25,
  py: 0.5,
  minHeight: 36,
  '&.Mui-selected': { bgcolor: 'action.selected', '& .MuiListItemIcon-root': { color: 'primary.main' } },
  '&.Mui-selected .MuiListItemText-primary': { fontWeight: 600 },
} as const;

function Entry({
  e,
  current,
  nested,
  onNavigate,
}: {
  e: NavEntry;
  current: string;
  nested: boolean;
  onNavigate(): void;
}) {
  const { t } = useTranslation();
  const name = e.icon ?? viewDef(e.path)?.icon;
  const here = current === e.path;
  return (
    // The link sits in a list item: a <ul> may hold only <li> children.
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={`/${e.path}`}
        selected={here}
        aria-current={here ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ ...ROW, pl: nested ? 2.5 : 1.5 }}
      >
        <ListItemIcon sx={ICON_BOX}>
          <Icon icon={name} />
        </ListItemIcon>
        <ListItemText primary={t(navKey(e.path))} slotProps={{ primary: { variant: 'body2' } }} />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * A module's group (or the administration section): a header that folds and unfolds its entries
 * (a button with aria-expanded, so Enter and Space work), and the entries under it.
 */
function FoldingGroup({
  id,
  label,
  entries,
  current,
  folded,
  onFold,
  children,
}: {
  id: string;
  label: string;
  entries: NavEntry[];
  current: string;
  folded: boolean;
  onFold(): void;
  children: ReactNode;
}) {
  const listId = `nav-group-${id}`;
  // A folded group that holds the current page is marked, so "where am I" still shows.
  const holdsCurrent = entries.some((e) => e.path === current);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        aria-expanded={!folded}
        aria-controls={listId}
        onClick={onFold}
        selected={folded && holdsCurrent}
        sx={{ ...ROW, pl: 1.5 }}
      >
        <ListItemIcon sx={ICON_BOX}>
          <Icon icon={GROUP_ICONS[id]} />
        </ListItemIcon>
        <ListItemText
          primary={label}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 } } }}
        />
        <Icon
          icon="ExpandMore"
          sx={{
            color: 'text.secondary',
            transform: folded ? 'rotate(-90deg)' : 'none',
            transition: 'transform 120ms',
          }}
        />
      </ListItemButton>
      <List id={listId} disablePadding hidden={folded} aria-label={label}>
        {children}
      </List>
    </ListItem>
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
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const fold = (id: string) =>
    setCollapsed((c) => {
      const next = c.includes(id) ? c.filter((x) => x !== id) : [...c, id];
      try {
        localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
      } catch {
        // Without storage the fold lasts until the page reloads.
      }
      return next;
    });
  const { main, admin } = groupNav(applyMenuItems(visibleNav(config.nav, user, config.keyCaps), menu));
  // Leaving by an entry, the focus goes to the new cell's heading (Columns): the closing drawer
  // must not hand it back to the menu button. Escape or a click outside still does.
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (open) setLeaving(false);
  }, [open]);
  const close = () => {
    if (permanent) return;
    setLeaving(true);
    onClose();
  };
  const entry = (e: NavEntry, nested: boolean) => (
    <Entry key={e.path} e={e} current={current} nested={nested} onNavigate={close} />
  );
  const entriesOf = (g: NavGroup) => [...(g.entry ? [g.entry] : []), ...g.children];
  const group = (id: string, label: string, entries: NavEntry[]) => (
    <FoldingGroup
      key={id}
      id={id}
      label={label}
      entries={entries}
      current={current}
      folded={collapsed.includes(id)}
      onFold={() => fold(id)}
    >
      {entries.map((e) => entry(e, true))}
    </FoldingGroup>
  );
  const content = (
    <Box
      component="nav"
      aria-label={t('nav.title')}
      sx={{ width: DRAWER_WIDTH, pb: 2 }}
      // The capabilities the menu was built from (the live session's), for checks and debugging.
      data-capabilities={capabilityList(user)}
    >
      <Toolbar variant="dense" />
      <List sx={{ pt: 1 }}>
        {main.map((g) =>
          // A module's single entry stands alone; an entry with others under it is a group.
          g.children.length === 0 && g.entry
            ? entry(g.entry, false)
            : group(g.path, t(navKey(g.path)), entriesOf(g)),
        )}
        {admin.length > 0 && group('admin', t('nav.adminSection'), admin.flatMap(entriesOf))}
      </List>
    </Box>
  );
  return (
    <Drawer
      variant={permanent ? 'persistent' : 'temporary'}
      ModalProps={{ disableRestoreFocus: leaving }}
      open={open}
      onClose={onClose}
      // On a phone the drawer is a modal dialog (MUI gives its paper role="dialog"): it needs a
      // name, or a screen reader announces an unnamed dialog (axe aria-dialog-name).
      slotProps={permanent ? undefined : { paper: { 'aria-label': t('nav.title') } }}
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
