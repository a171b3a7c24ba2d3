import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, TypeIcon, typeLabel, useRelationSearch } from '../../../client/module-api';

/**
 * Finds items by name and adds the chosen ones to the collection in one addRels. The search is
 * the relation picker's (the person's own search, so only what they may read), narrowed to the
 * collection's allowed types when it has any. A refusal keeps the dialog and the choice open.
 */
export function AddMembersDialog(p: {
  open: boolean;
  types: readonly string[] | undefined;
  already: ReadonlySet<string>;
  onClose(): void;
  onAdd(ids: string[]): Promise<void>;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const found = useRelationSearch(p.types?.length ? p.types : undefined, input);
  const ids = found.ids.filter((id) => !p.already.has(id));
  const toggle = (id: string) =>
    setChosen((c) => {
      const next = { ...c };
      if (next[id]) delete next[id];
      else next[id] = found.labels[id] ?? id;
      return next;
    });
  const close = () => {
    setInput('');
    setChosen({});
    setError(null);
    p.onClose();
  };
  const add = async () => {
    setSaving(true);
    setError(null);
    try {
      await p.onAdd(Object.keys(chosen));
      close();
    } catch (e) {
      setError(
        e instanceof RequestError && e.fields[0]?.key
          ? t(e.fields[0].key)
          : t(e instanceof RequestError ? `errors.${e.userMessage}` : 'errors.generalFailure'),
      );
    } finally {
      setSaving(false);
    }
  };
  const count = Object.keys(chosen).length;
  return (
    <Dialog open={p.open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="collections-add-title">
      <DialogTitle id="collections-add-title">{t('collections.addTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label={t('collections.find')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          helperText={found.tooShort ? t('collections.findHint') : ' '}
          sx={{ mt: 1 }}
        />
        {found.loading && <Typography color="text.secondary">{t('collections.searching')}</Typography>}
        {!found.loading && !found.tooShort && ids.length === 0 && (
          <Typography color="text.secondary">{t('collections.nothingFound')}</Typography>
        )}
        <List dense aria-label={t('collections.found')}>
          {ids.map((id) => {
            const type = id.split('-')[0] ?? '';
            const label = found.labels[id] ?? id;
            return (
              <ListItem key={id} disablePadding>
                <ListItemButton onClick={() => toggle(id)} role="checkbox" aria-checked={Boolean(chosen[id])}>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    {chosen[id] ? <CheckBoxIcon color="primary" /> : <CheckBoxOutlineBlankIcon />}
                  </ListItemIcon>
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <TypeIcon type={type} fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={label} secondary={typeLabel(t, type)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('collections.cancel')}</Button>
        <Button variant="contained" disabled={!count || saving} onClick={() => void add()}>
          {t('collections.addChosen', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
