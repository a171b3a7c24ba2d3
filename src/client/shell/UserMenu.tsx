import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import {
  Avatar,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { USER_TOGGLES, useUserToggles } from '../people/useUserToggles';
import { useOrgLabels } from '../search/useOrgLabels';
import { useApp, useSession } from '../state/app-context';
import { TOKEN_VALID_STATES } from '../state/auth-state';
import { BASE_MODULE, collectById } from '../items/item-sections';
import type { UserMenuEntry } from '../module-api';
import { loadClientModule, useClientModules } from '../modules/loader';
import { LoadBoundary } from './LoadBoundary';
import { recentMasquerades, startMasquerade, stopMasquerade } from './masquerade';

/**
 * Profile, masquerade (admins; the 5 recent targets), sign out and the dark / guidance / columns
 * toggles, saved to the user (spec core §2). The modules' entries (core's masquerade picker)
 * follow the profile; their halves' code loads on sign-in, their dialogs when first chosen.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { isOn, toggle } = useUserToggles();
  const session = useSession();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const user = session.user;
  const signedIn = !!user && TOKEN_VALID_STATES.has(session.authState);
  const [dialog, setDialog] = useState<UserMenuEntry | null>(null);
  const Dialog = dialog?.dialog;
  const modules = useClientModules();
  const entries = useMemo(
    () => [
      ...collectById(modules, 'user menu entry', (m) => (m.userMenu ?? []).map((e) => [e.id, e])).values(),
    ],
    [modules],
  );
  useEffect(() => {
    if (signedIn) loadClientModule(BASE_MODULE).catch(() => undefined);
  }, [signedIn]);
  const masquerading = user?.masquerading === true;
  const mayMasquerade = signedIn && user.admin && !masquerading;
  const recent = mayMasquerade && anchor ? recentMasquerades().filter((id) => id !== user.$id) : [];
  const recentLabels = useOrgLabels(recent);

  async function masquerade(run: () => Promise<void>) {
    setAnchor(null);
    try {
      await run();
    } catch (e) {
      alerts.error(e);
    }
  }

  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };

  return (
    <>
      <Tooltip title={t('topBar.userMenu')}>
        <IconButton
          color="inherit"
          aria-label={t('topBar.userMenu')}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {signedIn && user.avatar ? (
            <Avatar
              src={`/attachment/${encodeURIComponent(user.avatar)}?variant=thumbnail`}
              alt=""
              sx={{ width: 28, height: 28 }}
            />
          ) : (
            <AccountCircleIcon />
          )}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {signedIn
          ? [
              <MenuItem key="who" disabled>
                <Typography variant="body2">
                  {t('userMenu.signedInAs', { name: user.name ?? user.email ?? user.$id })}
                </Typography>
              </MenuItem>,
              <MenuItem key="profile" onClick={() => go(`/i-${user.$id}`)}>
                {t('userMenu.profile')}
              </MenuItem>,
              ...(masquerading
                ? [
                    <MenuItem key="mq-stop" onClick={() => void masquerade(() => stopMasquerade(client))}>
                      {t('people.stopMasquerade')}
                    </MenuItem>,
                  ]
                : []),
              ...entries
                .filter((e) => e.applies(user))
                .map((e) => (
                  <MenuItem
                    key={`um-${e.id}`}
                    onClick={() => {
                      setAnchor(null);
                      setDialog(e);
                    }}
                  >
                    {t(e.labelKey)}
                  </MenuItem>
                )),
              ...(mayMasquerade
                ? [
                    ...recent.map((id) => (
                      <MenuItem
                        key={`mq-${id}`}
                        sx={{ pl: 4 }}
                        onClick={() => void masquerade(() => startMasquerade(client, id))}
                      >
                        {t('people.actAs', { name: recentLabels[id] ?? id })}
                      </MenuItem>
                    )),
                  ]
                : []),
              <Divider key="d1" />,
              ...USER_TOGGLES.map((k) => {
                const on = isOn(k);
                return (
                  <MenuItem key={k} onClick={() => void toggle(k)} role="menuitemcheckbox" aria-checked={on}>
                    <ListItemText>{t(`userMenu.${k}`)}</ListItemText>
                    <ListItemIcon sx={{ justifyContent: 'flex-end' }}>
                      <Switch
                        edge="end"
                        size="small"
                        checked={on}
                        tabIndex={-1}
                        slotProps={{ input: { 'aria-hidden': true } }}
                      />
                    </ListItemIcon>
                  </MenuItem>
                );
              }),
              <Divider key="d2" />,
              <MenuItem key="out" onClick={() => go('/sign-out')}>
                {t('userMenu.signOut')}
              </MenuItem>,
            ]
          : [
              <MenuItem key="in" onClick={() => go('/sign-in')}>
                {t('userMenu.signIn')}
              </MenuItem>,
              <MenuItem key="reg" onClick={() => go('/register')}>
                {t('userMenu.register')}
              </MenuItem>,
            ]}
      </Menu>
      {signedIn && Dialog && dialog?.applies(user) && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <Dialog open onClose={() => setDialog(null)} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
