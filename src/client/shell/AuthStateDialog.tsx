import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useApp, useSession } from '../state/app-context';

const BLOCKING = new Set([
  'TOKEN_WARNING',
  'TOKEN_EXPIRY',
  'OTHER_TAB_SIGNOUT',
  'CONNECT_EXPIRY',
  'IDENT_FAILED',
]);

/**
 * The auth-state dialog (spec core §4): on a warning its button refreshes the token; after an
 * expiry or a sign-out elsewhere it clears the user and goes to sign-in, coming back here after.
 */
export function AuthStateDialog() {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { authState } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  if (!BLOCKING.has(authState)) return null;
  const key = `auth.${authState}`;
  async function act() {
    if (authState === 'TOKEN_WARNING') {
      try {
        await client.refreshToken();
      } catch (e) {
        alerts.error(e);
      }
      return;
    }
    client.clearSession();
    void navigate(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  return (
    <Dialog open aria-labelledby="auth-state-title" onClose={() => undefined}>
      <DialogTitle id="auth-state-title">{t(`${key}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`${key}.text`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => void act()} autoFocus>
          {t(`${key}.button`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
