import { Box, Link, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useApp, useSession } from '../state/app-context';
import { TOKEN_VALID_STATES } from '../state/auth-state';
import { useItemPushes } from '../state/items';
import { viewDef } from '../views/registry';
import { SystemAlertsHost } from '../admin/SystemAlertsHost';
import { AlertsHost } from './AlertsHost';
import { AuthStateDialog } from './AuthStateDialog';
import { CellContent, Loading } from './CellContent';
import { parseCells } from './cells';
import { Columns } from './Columns';
import { ConnectionNotice } from './ConnectionNotice';
import { MasqueradeBanner } from './MasqueradeBanner';
import { CookieBanner } from './CookieBanner';
import { NavDrawer } from './NavDrawer';
import { NewVersionPrompt } from './NewVersionPrompt';
import { signedOutRedirect } from './redirects';
import { TopBar } from './TopBar';

const isView = (name: string) => viewDef(name) !== undefined;
const noColumns = (name: string) => viewDef(name)?.noColumns === true;

/** The page: top bar, drawer, the cells of the current path, and the overlays. */
export function Shell() {
  const { t } = useTranslation();
  const { config, client } = useApp();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [drawer, setDrawer] = useState(wide);
  useItemPushes();
  useEffect(() => setDrawer(wide), [wide]);

  const cells = useMemo(
    () => parseCells(location.pathname, location.search, isView, noColumns),
    [location.pathname, location.search],
  );
  const first = cells[0];
  const firstView = first?.kind === 'view' ? viewDef(first.view) : undefined;
  const valid = TOKEN_VALID_STATES.has(session.authState);
  // Signing in (signed out seen first, then a valid token) moves the focus to the first cell's
  // heading, instead of leaving it on the page body where the form was.
  const seenSignedOut = useRef(false);
  if (session.resolved && !valid) seenSignedOut.current = true;
  const justSignedIn = valid && seenSignedOut.current;

  // Legacy installs: an unknown path may be an old alias of an item (spec core §2).
  const legacy = config.migratedFromCKK1 && cells.some((c) => c.kind === 'invalid');
  useEffect(() => {
    if (!legacy) return;
    if (location.pathname === '/user/login') {
      void navigate('/home', { replace: true });
      return;
    }
    client
      .act('getLegacyPath', { alias: location.pathname })
      .then((r) => navigate(`/i-${r.itemId}`, { replace: true }))
      .catch(() => undefined);
  }, [legacy, location.pathname, client, navigate]);

  if (!session.resolved) return <Loading />;
  if (!valid) {
    const to = signedOutRedirect(location.pathname, location.search, firstView);
    if (to) return <Navigate to={to} replace />;
  } else if (firstView?.signedOutOnly && first?.kind === 'view' && first.view !== 'sign-in') {
    return <Navigate to="/" replace />;
  }

  const full = firstView?.noColumns;
  // Signed out there is nothing to navigate to: no drawer, the page takes the width.
  const showDrawer = valid;
  return (
    <Box sx={{ display: 'flex', height: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        {t('app.skipToContent')}
      </Link>
      <TopBar drawerOpen={showDrawer && drawer} onMenu={showDrawer ? () => setDrawer((d) => !d) : null} />
      {showDrawer && <NavDrawer open={drawer} permanent={wide} onClose={() => setDrawer(false)} />}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, height: '100vh' }}
      >
        <Toolbar variant="dense" />
        <ConnectionNotice />
        <MasqueradeBanner />
        <Box sx={{ flex: 1, minHeight: 0, overflow: full ? 'auto' : 'hidden' }}>
          {full && first ? <FullPage cell={first} /> : <Columns cells={cells} focusOnMount={justSignedIn} />}
        </Box>
      </Box>
      <CookieBanner />
      <AlertsHost />
      {valid && <SystemAlertsHost />}
      <AuthStateDialog />
      <NewVersionPrompt />
    </Box>
  );
}

function FullPage({ cell }: { cell: ReturnType<typeof parseCells>[number] }) {
  const { t } = useTranslation();
  const { config } = useApp();
  const title = cell.kind === 'view' ? t(viewDef(cell.view)?.titleKey ?? 'app.invalid') : t('app.invalid');
  useEffect(() => {
    document.title = `${title} • ${config.siteName}`;
  }, [title, config.siteName]);
  return <CellContent cell={cell} />;
}
