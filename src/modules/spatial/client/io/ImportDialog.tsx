import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FileChoice,
  itemLabel,
  RequestError,
  taskStoreFor,
  uploadOnto,
  useApp,
  useTasks,
  type Item,
} from '../../../../client/module-api';
import { SPATIAL_IMPORT_KINDS } from '../../types';
import { IMPORT_ACCEPT, importPhase, kindForFile, type LayerSummary, skipGroups } from './import-model';

// "Import places…" on a layer: choose a file → it is uploaded onto a new Import (tus, resumable)
// → act/importFeatures/async runs on the server with its progress pushed → a summary of what was
// read, imported and left out, and why. A broken file's error names the file and its part.

const LEVELS = ['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'] as const;

type Phase =
  | { at: 'choose' }
  | { at: 'upload'; pct: number }
  | { at: 'task'; key: string }
  | { at: 'failed'; key: string; params?: Record<string, string | number> };

export default function ImportDialog({
  item,
  open,
  onClose,
}: {
  item: Item;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const store = useMemo(() => taskStoreFor(client, alerts), [client, alerts]);
  const tasks = useTasks(store);
  const titleId = useId();
  const statusId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState('GEOJSON');
  const [level, setLevel] = useState('');
  const [phase, setPhase] = useState<Phase>({ at: 'choose' });
  const [summary, setSummary] = useState<LayerSummary[] | null>(null);
  const task = phase.at === 'task' ? tasks.find((x) => x.key === phase.key) : undefined;
  const layer = itemLabel(item);
  // The places may be no more visible than their layer (the server refuses a wider level).
  const levels = LEVELS.slice(Math.max(0, LEVELS.indexOf(item.$access as (typeof LEVELS)[number])));

  function choose(f: File | undefined) {
    if (!f) return;
    setFile(f);
    setKind(kindForFile(f.name));
  }

  const upload = (f: File, rel: string) =>
    uploadOnto(f, rel, {
      token: () => client.tokenValue,
      onProgress: (pct) => setPhase({ at: 'upload', pct }),
    });

  async function start() {
    if (!file) return;
    setPhase({ at: 'upload', pct: 0 });
    try {
      const imp = await client.request<{ $id: string }>('create/Import', {
        label: file.name,
        kind,
        ...(typeof item.owner === 'string' ? { owner: item.owner } : {}),
      });
      await upload(file, imp.$id);
      // The dialog shows a failed import's error itself (naming the file and its part).
      const started = await store.start(
        'importFeatures',
        {
          import: imp.$id,
          collection: item.$id,
          ...(level ? { access: level as (typeof LEVELS)[number] } : {}),
        },
        { ownErrors: true },
      );
      setPhase({ at: 'task', key: started.key });
    } catch (e) {
      setPhase({ at: 'choose' });
      if (e instanceof RequestError) alerts.error(e);
      else alerts.push({ type: 'error', key: 'errors.generalFailure', sysMessage: String(e) });
    }
  }

  // The finished task: its summary file, or its error with the file and part it names.
  const failedKey = phase.at === 'task' ? task?.errorKey : undefined;
  const resultURI = task && task.percentageComplete >= 100 ? task.resultURI : undefined;
  useEffect(() => {
    if (!failedKey || !task) return;
    setPhase({
      at: 'failed',
      key: failedKey,
      ...(task.errorParams ? { params: { ...task.errorParams } } : {}),
    });
  }, [failedKey, task]);
  useEffect(() => {
    if (!resultURI) return;
    let live = true;
    void fetch(resultURI, { headers: { authorization: `Bearer ${client.tokenValue ?? ''}` } })
      .then((r) => r.json() as Promise<{ layers: LayerSummary[] }>)
      .then((s) => live && setSummary(s.layers))
      .catch(() => live && setSummary([]));
    return () => {
      live = false;
    };
  }, [resultURI, client]);

  const busy = phase.at === 'upload' || (phase.at === 'task' && summary === null && !task?.errorKey);
  const pct = phase.at === 'upload' ? phase.pct : Math.round(task?.percentageComplete ?? 0);
  const status =
    phase.at === 'upload'
      ? t('spatial.io.uploading', { name: file?.name ?? '', pct })
      : phase.at === 'task' && summary === null
        ? t(`spatial.io.${importPhase(pct)}`, { pct })
        : '';

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('spatial.io.importTitle', { layer })}</DialogTitle>
      <DialogContent>
        {phase.at === 'choose' && (
          <Stack sx={{ gap: 2 }}>
            <DialogContentText>{t('spatial.io.intro')}</DialogContentText>
            <FileChoice
              accept={IMPORT_ACCEPT}
              file={file}
              onChoose={choose}
              labels={{
                choose: t('spatial.io.chooseFile'),
                change: t('spatial.io.changeFile'),
                none: t('spatial.io.noFile'),
              }}
              hint={t('spatial.io.fileHint')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
              <TextField
                select
                size="small"
                label={t('spatial.io.format')}
                value={kind}
                onChange={(e) => setKind(e.target.value)}
                sx={{ flex: 1 }}
              >
                {SPATIAL_IMPORT_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`spatial.io.formats.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('spatial.io.visibility')}
                value={level}
                // '' is a choice ("the same as the layer"), not an empty field.
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                onChange={(e) => setLevel(e.target.value)}
                sx={{ flex: 1 }}
              >
                <MenuItem value="">{t('spatial.io.sameAsLayer')}</MenuItem>
                {levels.map((l) => (
                  <MenuItem key={l} value={l}>
                    {t(`access.${l}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          </Stack>
        )}
        {busy && (
          <Box sx={{ py: 2 }}>
            <Typography id={statusId} role="status" aria-live="polite" sx={{ mb: 1 }}>
              {status}
            </Typography>
            <LinearProgress variant="determinate" value={pct} aria-labelledby={statusId} />
          </Box>
        )}
        {phase.at === 'failed' && (
          <Alert severity="error" role="alert">
            {t(`errors.${phase.key}`, phase.params ?? {})}
            <br />
            {t('spatial.io.failed')}
          </Alert>
        )}
        {summary && <Summary layers={summary} />}
      </DialogContent>
      <DialogActions>
        {phase.at === 'choose' ? (
          <>
            <Button onClick={onClose}>{t('spatial.io.cancel')}</Button>
            <Button variant="contained" disabled={!file} onClick={() => void start()}>
              {t('spatial.io.start')}
            </Button>
          </>
        ) : (
          <Button variant={busy ? 'text' : 'contained'} disabled={busy} onClick={onClose}>
            {t('spatial.io.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Summary({ layers }: { layers: LayerSummary[] }) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 2 }} role="status">
      <Alert severity="success">{t('spatial.io.done')}</Alert>
      {layers.map((l) => {
        const groups = skipGroups(l);
        return (
          <Box key={l.name}>
            <Typography sx={{ fontWeight: 600 }}>
              {t('spatial.io.layerLine', { name: l.name, imported: l.imported, read: l.read })}
            </Typography>
            {l.skippedCount === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('spatial.io.nothingSkipped')}
              </Typography>
            ) : (
              <>
                <Typography variant="body2" color="text.secondary">
                  {t('spatial.io.skippedTitle', { count: l.skippedCount })}
                </Typography>
                <List dense disablePadding>
                  {groups.map((g) => (
                    <ListItem key={g.reason} disableGutters>
                      <ListItemText
                        primary={t(g.more ? 'spatial.io.skippedAtMore' : 'spatial.io.skippedAt', {
                          reason: t(`errors.spatialIo.skip.${g.reason}`),
                          list: g.places.join(', '),
                          more: g.more,
                        })}
                      />
                    </ListItem>
                  ))}
                </List>
              </>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}
