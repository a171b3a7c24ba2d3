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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, useApp, type Item } from '../../../client/module-api';

const wordsOf = (item: Item): string => {
  const q = item.membershipQuery as { must?: { $text?: unknown[] } } | undefined;
  const text = q?.must?.$text?.[0];
  return typeof text === 'string' ? text : '';
};

/**
 * Makes the collection dynamic: every item whose text has these words joins it, for whoever may
 * read that item (membershipQuery, members.ts), of the collection's allowed types when it has
 * some. Clearing the words stops it; the members added by hand stay.
 */
export function SearchMembersDialog(p: {
  open: boolean;
  item: Item;
  onClose(): void;
  onSaved?(saved: Item): void;
}) {
  const { t } = useTranslation();
  const { client } = useApp();
  const [words, setWords] = useState(() => wordsOf(p.item));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const types = Array.isArray(p.item.constrainTypes) ? (p.item.constrainTypes as string[]) : [];
  const save = async (text: string) => {
    setSaving(true);
    setError(null);
    try {
      const trimmed = text.trim();
      const saved = await client.request<Item>('update', {
        $id: p.item.$id,
        $version: p.item.$version,
        membershipQuery: trimmed
          ? { must: { $text: [trimmed], ...(types.length ? { _t: types } : {}) } }
          : null,
      });
      p.onSaved?.(saved);
      p.onClose();
    } catch (e) {
      setError(t(e instanceof RequestError ? `errors.${e.userMessage}` : 'errors.generalFailure'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={p.open}
      onClose={p.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="collections-search-title"
    >
      <DialogTitle id="collections-search-title">{t('collections.bySearchTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('collections.bySearchHelp')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={t('collections.bySearchWords')}
          value={words}
          onChange={(e) => setWords(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save(words);
          }}
          sx={{ mt: 2 }}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {wordsOf(p.item) && (
          <Button color="inherit" disabled={saving} onClick={() => void save('')}>
            {t('collections.bySearchStop')}
          </Button>
        )}
        <Button onClick={p.onClose}>{t('collections.cancel')}</Button>
        <Button variant="contained" disabled={saving || !words.trim()} onClick={() => void save(words)}>
          {t('collections.bySearchSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
