import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';
import { CopyLink } from './CopyLink';
import { randomHash, viewPath, type SavedSearchData } from './saved-search';

export interface SaveViewDialogProps {
  /** The SavedSearch for this name and hash. */
  build(name: string, hash: string): SavedSearchData;
  onSaved(item: Item, hash: string): void;
  onClose(): void;
}

/** Names the current view and stores it (create/SavedSearch with a random hash); then shows its link. */
export function SaveViewDialog({ build, onSaved, onClose }: SaveViewDialogProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const titleId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(true);
      return;
    }
    const hash = randomHash();
    const data = build(name, hash);
    setBusy(true);
    try {
      const created = await client.request<Item>('create/SavedSearch', data);
      setLink(window.location.origin + viewPath(data.searchString, hash));
      onSaved(created, hash);
    } catch (err) {
      alerts.error(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle id={titleId}>{t('search.save.title')}</DialogTitle>
        <DialogContent>
          {link ? (
            <>
              <Alert severity="success">{t('search.save.saved')}</Alert>
              <CopyLink link={link} />
            </>
          ) : (
            <TextField
              autoFocus
              fullWidth
              required
              margin="dense"
              label={t('search.save.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(false);
              }}
              error={error}
              helperText={error ? t('errors.required') : t('search.save.nameHelp')}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          {link ? (
            <Button onClick={onClose} variant="contained">
              {t('app.close')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('app.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {t('search.save.submit')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
