import { Alert, Box, Button, Divider, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { itemKey, useApp, useCellLink, type Item } from '../../../../client/module-api';
import { errorKey } from './consult-acts';
import { useChildItems } from './useChildItems';

export interface PartKind {
  /** The item type (ConsultResponseSection, ConsultResponseConcern). */
  type: string;
  /** Its heading and text properties. */
  fields: { title: string; text: string };
  keys: { heading: string; add: string; empty: string; title: string; text: string; titleRequired: string };
}

interface Draft {
  title: string;
  text: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The inline form of one part: a heading and a text, saved or cancelled. */
function PartForm(p: {
  kind: PartKind;
  initial: Draft;
  busy: boolean;
  error: string | null;
  onSave(d: Draft): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState(p.initial);
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!d.title.trim()) {
      setMissing(true);
      return;
    }
    p.onSave({ title: d.title.trim(), text: d.text });
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate sx={{ gap: 1.5, py: 1, width: '100%' }}>
      <TextField
        size="small"
        label={t(p.kind.keys.title)}
        required
        autoFocus
        value={d.title}
        onChange={(e) => {
          setD({ ...d, title: e.target.value });
          setMissing(false);
        }}
        error={missing}
        helperText={missing ? t(p.kind.keys.titleRequired) : undefined}
      />
      <TextField
        size="small"
        label={t(p.kind.keys.text)}
        multiline
        minRows={3}
        value={d.text}
        onChange={(e) => setD({ ...d, text: e.target.value })}
      />
      {p.error && <Alert severity="error">{t(p.error)}</Alert>}
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={p.busy}>
          {t('consult.response.save')}
        </Button>
        <Button size="small" onClick={p.onCancel} disabled={p.busy}>
          {t('consult.response.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * A response's parts of one kind (its sections, its concerns): each with its heading and text,
 * edited in place with the ordinary update; a new one is the ordinary create of the type with
 * `response` = this response (the server records RWF_SECTION_UPDATED / RWF_CONCERN_CREATED).
 */
export function PartList({ item, kind, editable }: { item: Item; kind: PartKind; editable: boolean }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const link = useCellLink();
  const headingId = useId();
  const parts = useChildItems(kind.type, 'response', item.$id);
  // 'new', a part's id being edited, or nothing.
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = parts.data?.items ?? [];

  async function save(d: Draft, part: Item | null) {
    setBusy(true);
    setError(null);
    const data = { [kind.fields.title]: d.title, [kind.fields.text]: d.text };
    try {
      const saved = part
        ? await client.request<Item>('update', { $id: part.$id, $version: part.$version, ...data })
        : await client.request<Item>(`create/${kind.type}`, { response: item.$id, ...data });
      // The list reads its rows from the item cache: the saved one replaces what it held, so a
      // second edit sends the new version.
      qc.setQueryData(itemKey(saved.$id), saved);
      setEditing(null);
      await parts.refetch();
    } catch (e) {
      setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  }

  const start = (id: string) => {
    setError(null);
    setEditing(id);
  };

  return (
    <Box role="region" aria-labelledby={headingId} data-testid={`parts-${kind.type}`}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle2" sx={{ flexGrow: 1 }}>
          {t(kind.keys.heading)}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            {parts.data?.total ?? ''}
          </Typography>
        </Typography>
        {editable && editing !== 'new' && (
          <Button size="small" variant="outlined" onClick={() => start('new')}>
            {t(kind.keys.add)}
          </Button>
        )}
      </Stack>
      {parts.isError && <Alert severity="error">{t('consult.response.loadFailed')}</Alert>}
      {parts.isSuccess && list.length === 0 && editing !== 'new' && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t(kind.keys.empty)}
        </Typography>
      )}
      <List dense disablePadding>
        {list.map((part, i) => {
          const title = str(part[kind.fields.title]) || part.$id;
          const open = link(`i-${part.$id}`);
          return (
            <ListItem key={part.$id} disableGutters divider={i < list.length - 1} sx={{ display: 'block' }}>
              {editing === part.$id ? (
                <PartForm
                  kind={kind}
                  initial={{ title: str(part[kind.fields.title]), text: str(part[kind.fields.text]) }}
                  busy={busy}
                  error={error}
                  onSave={(d) => void save(d, part)}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, py: 0.5 }}>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography
                      component="a"
                      href={open.href}
                      onClick={open.onClick}
                      aria-label={t('consult.response.open', { name: title })}
                      sx={{ fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}
                    >
                      {title}
                    </Typography>
                    {str(part[kind.fields.text]) && (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
                        {str(part[kind.fields.text])}
                      </Typography>
                    )}
                  </Box>
                  {editable && part.$allowed?.update !== false && (
                    <Button
                      size="small"
                      onClick={() => start(part.$id)}
                      aria-label={t('consult.response.editOf', { name: title })}
                    >
                      {t('consult.response.edit')}
                    </Button>
                  )}
                </Stack>
              )}
            </ListItem>
          );
        })}
      </List>
      {editing === 'new' && (
        <>
          {list.length > 0 && <Divider />}
          <PartForm
            kind={kind}
            initial={{ title: '', text: '' }}
            busy={busy}
            error={error}
            onSave={(d) => void save(d, null)}
            onCancel={() => setEditing(null)}
          />
        </>
      )}
    </Box>
  );
}
