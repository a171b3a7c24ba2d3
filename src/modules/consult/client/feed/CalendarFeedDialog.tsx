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
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate, RequestError, useApp } from '../../../../client/module-api';

// The user menu's "Calendar feed" (issue 16 "Calendar feeds"; docs/calendar-feed.md): turn a
// personal feed on, copy its secret link into a calendar program, renew it (the old link stops
// working) or turn it off. The link is shown once, right after it is made: only its hash is kept.

const STATUS = ['consult', 'calFeedStatus'] as const;

export function CalendarFeedDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const queries = useQueryClient();
  const titleId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const status = useQuery({
    queryKey: STATUS,
    queryFn: () => client.act('calFeedStatus', {}),
    enabled: open,
  });
  const renew = useMutation({
    mutationFn: () => client.act('calFeedRenew', {}),
    onSuccess: (r) => {
      setUrl(r.url);
      setCopied(false);
      queries.setQueryData(STATUS, { on: r.on, renewed: r.renewed });
    },
  });
  const revoke = useMutation({
    mutationFn: () => client.act('calFeedRevoke', {}),
    onSuccess: (r) => {
      setUrl(null);
      queries.setQueryData(STATUS, r);
    },
  });
  const on = status.data?.on === true;
  const busy = renew.isPending || revoke.isPending;
  const failed = status.isError || renew.isError || revoke.isError;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refused permission): the link stays selected to copy by hand.
      setCopied(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('consult.feed.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('consult.feed.explain')}</DialogContentText>
          {failed && (
            <Alert severity="error">
              {renew.error instanceof RequestError && renew.error.userMessage === 'notWhileMasquerading'
                ? t('errors.notWhileMasquerading')
                : t('consult.feed.failed')}
            </Alert>
          )}
          {status.isSuccess && (
            <DialogContentText role="status">
              {on
                ? t('consult.feed.onSince', { date: formatDate(status.data.renewed ?? '') })
                : t('consult.feed.off')}
            </DialogContentText>
          )}
          {url && (
            <Stack spacing={1}>
              <TextField
                label={t('consult.feed.link')}
                value={url}
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.currentTarget.select(),
                  },
                }}
                helperText={t('consult.feed.linkHelp')}
                fullWidth
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button variant="outlined" onClick={() => void copy()}>
                  {t('consult.feed.copy')}
                </Button>
                <span role="status">{copied ? t('consult.feed.copied') : ''}</span>
              </Stack>
            </Stack>
          )}
          {on && !url && <DialogContentText>{t('consult.feed.hidden')}</DialogContentText>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {on && (
          <Button color="error" disabled={busy} onClick={() => revoke.mutate()}>
            {t('consult.feed.turnOff')}
          </Button>
        )}
        <Button variant="contained" disabled={busy || !status.isSuccess} onClick={() => renew.mutate()}>
          {on ? t('consult.feed.renew') : t('consult.feed.turnOn')}
        </Button>
        <Button onClick={onClose}>{t('consult.feed.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
