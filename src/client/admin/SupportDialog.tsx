import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSession } from '../state/app-context';
import { RequestError } from '../state/request-error';

const SUBJECT_MAX = 200;
const MESSAGE_MAX = 10_000;

/** The help menu's support request: a mail to the site's support address (SUPPORT_EMAIL). */
export function SupportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const { user } = useSession();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const subjectError = tried && !subject.trim() ? t('errors.required') : null;
  const messageError = tried && !message.trim() ? t('errors.required') : null;

  const close = () => {
    onClose();
    if (state === 'sent') {
      setSubject('');
      setMessage('');
      setTried(false);
      setState('idle');
    }
    setError(null);
  };

  const send = async () => {
    setTried(true);
    setError(null);
    if (!subject.trim() || !message.trim()) return;
    setState('sending');
    try {
      await client.act('supportRequest', { subject: subject.trim(), message: message.trim() });
      setState('sent');
    } catch (e) {
      setState('idle');
      setError(
        e instanceof RequestError && e.userMessage === 'tooManyAttempts'
          ? t('adminScreens.support.tooMany')
          : t(e instanceof RequestError ? `errors.${e.userMessage}` : 'errors.generalFailure'),
      );
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="support-title" maxWidth="sm" fullWidth>
      <DialogTitle id="support-title">{t('adminScreens.support.title')}</DialogTitle>
      <DialogContent>
        {state === 'sent' ? (
          <Alert severity="success" role="status">
            {t('adminScreens.support.sent', { email: user?.email ?? '' })}
          </Alert>
        ) : (
          <Stack
            component="form"
            id="support-form"
            noValidate
            spacing={2}
            sx={{ pt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <DialogContentText>{t('adminScreens.support.intro')}</DialogContentText>
            <TextField
              label={t('adminScreens.support.name')}
              value={user?.name ?? ''}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <TextField
              label={t('adminScreens.support.email')}
              value={user?.email ?? ''}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <TextField
              label={t('adminScreens.support.subject')}
              value={subject}
              required
              autoFocus
              onChange={(e) => setSubject(e.target.value)}
              error={!!subjectError}
              helperText={subjectError}
              slotProps={{ htmlInput: { maxLength: SUBJECT_MAX } }}
            />
            <TextField
              label={t('adminScreens.support.message')}
              value={message}
              required
              multiline
              minRows={5}
              onChange={(e) => setMessage(e.target.value)}
              error={!!messageError}
              helperText={messageError ?? t('adminScreens.support.messageHelp')}
              slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
            />
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>
          {state === 'sent' ? t('adminScreens.close') : t('adminScreens.cancel')}
        </Button>
        {state !== 'sent' && (
          <Button type="submit" form="support-form" variant="contained" disabled={state === 'sending'}>
            {state === 'sending' ? t('adminScreens.support.sending') : t('adminScreens.support.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
