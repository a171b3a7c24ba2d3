import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';
import { RequestError } from '../state/request-error';
import { formatJson } from './format';
import { parseRaw, rawChanges, rawData } from './form-model';
import { errorKey } from './meta-model';

export interface RawEditDialogProps {
  item: Item;
  /** Only admins may submit (spec core §6); masquerading users see the data. */
  canSubmit: boolean;
  onClose(): void;
  onSaved(item: Item): void;
}

/** The item's data as JSON; submitting sends `update` with the changed top-level fields. */
export function RawEditDialog({ item, canSubmit, onClose, onSaved }: RawEditDialogProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const titleId = useId();
  const [text, setText] = useState(() => formatJson(rawData(item)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit) return;
    const parsed = parseRaw(text);
    if (!parsed.ok) {
      setError(t('errors.invalidJsonText'));
      return;
    }
    const changes = rawChanges(rawData(item), parsed.value);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await client.request<Item>('update', {
        $id: item.$id,
        $version: item.$version,
        ...changes,
      });
      onSaved(saved);
      onClose();
    } catch (err) {
      const fields =
        err instanceof RequestError && err.fields.length
          ? ` ${err.fields.map((f) => `${f.path}: ${t(f.key)}`).join('; ')}`
          : '';
      setError(t(errorKey(err)) + fields);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t('item.rawTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {canSubmit ? t('item.rawHelp') : t('item.rawAdminOnly')}
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            fullWidth
            multiline
            minRows={12}
            label={t('item.rawLabel')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={!!error}
            slotProps={{
              htmlInput: {
                spellCheck: false,
                readOnly: !canSubmit,
                style: { fontFamily: 'monospace', fontSize: 13 },
              },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!canSubmit || busy}>
            {t('item.rawSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
