import CloseIcon from '@mui/icons-material/Close';
import {
  AppBar,
  Box,
  Dialog,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  readSearchReply,
  recentMasquerades,
  startMasquerade,
  useApp,
  useOrgLabels,
  useSession,
} from '../../../client/module-api';

const DEBOUNCE_MS = 250;
const MAX = 30;

/**
 * Full-screen user picker for starting a masquerade (spec core §2): search, arrows, Enter. The
 * user menu's entry of core's (user-menu.ts) opens it.
 */
export function MasqueradePicker({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const titleId = useId();
  const [input, setInput] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLUListElement | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setText(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const q = useQuery({
    queryKey: ['masqueradeUsers', text],
    queryFn: async () =>
      readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['User'], ...(text ? { $text: [text] } : {}) },
          sort: [{ key: 'name', order: 'asc' }],
          max: MAX,
          labels: true,
          excludeBlocked: true,
        }),
      ),
    enabled: open,
    retry: false,
  });
  const recent = open ? recentMasquerades().filter((id) => id !== user?.$id) : [];
  const recentLabels = useOrgLabels(recent);
  const found = (q.data?.ids ?? []).filter((id) => id !== user?.$id);
  // E-mails tell apart two people of the same name.
  const shownIds = [...recent, ...found];
  const emails = useQuery({
    queryKey: ['masqueradeEmails', shownIds],
    queryFn: async () => {
      const got = await client.request<Record<string, { email?: unknown }>>('readMany/object', shownIds);
      const out: Record<string, string> = {};
      for (const [id, u] of Object.entries(got)) if (typeof u.email === 'string') out[id] = u.email;
      return out;
    },
    enabled: open && shownIds.length > 0,
    retry: false,
    staleTime: 60_000,
  });

  async function pick(id: string) {
    setBusy(true);
    try {
      await startMasquerade(client, id);
    } catch (e) {
      setBusy(false);
      alerts.error(e);
    }
  }

  const focusItem = (i: number) => {
    const items = listRef.current?.querySelectorAll<HTMLElement>('[role="option"]');
    if (!items?.length) return;
    items[Math.max(0, Math.min(items.length - 1, i))]?.focus();
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(at + 1);
    else if (e.key === 'ArrowUp') {
      if (at <= 0) document.getElementById(`${titleId}-search`)?.focus();
      else focusItem(at - 1);
    } else return;
    e.preventDefault();
  };

  const option = (id: string, label: string) => (
    <ListItemButton
      key={id}
      role="option"
      aria-selected={false}
      disabled={busy}
      onClick={() => void pick(id)}
    >
      <ListItemText primary={label} secondary={emails.data?.[id] ?? id} />
    </ListItemButton>
  );

  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="static" elevation={1}>
        <Toolbar variant="dense">
          <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('people.pickerTitle')}
          </Typography>
          <IconButton edge="end" color="inherit" onClick={onClose} aria-label={t('people.pickerClose')}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 2, maxWidth: 720, width: '100%', mx: 'auto' }}>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('people.pickerHelp')}
        </Typography>
        <TextField
          id={`${titleId}-search`}
          fullWidth
          autoFocus
          label={t('people.pickerSearch')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              focusItem(0);
            } else if (e.key === 'Enter' && found[0] && text === input.trim()) {
              e.preventDefault();
              void pick(found[0]);
            }
          }}
          slotProps={{ htmlInput: { 'aria-controls': `${titleId}-list` } }}
        />
        <List
          id={`${titleId}-list`}
          role="listbox"
          aria-label={t('people.pickerResults')}
          ref={listRef}
          onKeyDown={onListKey}
        >
          {recent.length > 0 && !text && <ListSubheader disableSticky>{t('people.recent')}</ListSubheader>}
          {!text && recent.map((id) => option(id, recentLabels[id] ?? id))}
          {recent.length > 0 && !text && <ListSubheader disableSticky>{t('people.allUsers')}</ListSubheader>}
          {found.map((id) => option(id, q.data?.labels[id] ?? id))}
        </List>
        <Typography role="status" variant="body2" color="text.secondary">
          {q.isFetching ? t('people.searching') : found.length === 0 ? t('people.noUsers') : ''}
        </Typography>
      </Box>
    </Dialog>
  );
}
