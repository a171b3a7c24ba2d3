import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import HikingOutlined from '@mui/icons-material/HikingOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useApp } from '../../../../client/module-api';
import type { FormDefinition } from '../../form/definition';
import { evaluateForm } from '../../form/evaluate';
import type { KeptItem, LocalRecord, OfflineDb } from '../offline/db';
import { useLive } from '../offline/live';
import { createLocal } from '../offline/records';
import { refreshKept } from '../offline/refresh';
import { runSync, useAutoSync, useCanSync } from '../offline/sync-runner';
import { askPersistentStorage, useOfflineDb } from '../offline/user-db';
import { ContrastTheme, useContrastChoice } from './contrast';
import { RecordEditor } from './RecordEditor';
import { SyncStatus } from './SyncStatus';

// The screen's page is grey (#f6f7f9) in light mode, where the theme's primary text on an
// outlined button reaches only 4.48:1; its darker shade keeps these buttons above 4.5:1 (axe).
const onGreyText = {
  color: (t: Theme) => (t.palette.mode === 'light' ? t.palette.primary.dark : t.palette.primary.main),
};

// The collection screen (geokeeper.collect), designed for a phone held in one hand outdoors:
// one column, large targets, the main actions at the thumb, a high-contrast option for
// sunlight. It works from what the device keeps (client/offline): programs, forms, work items
// and lists are refreshed when it opens online; trips and records are collected into IndexedDB
// and sent by the sync when there is a connection.

const CHOICE_KEY = 'ckk-collect-choice';

interface Choice {
  program?: string;
  workItem?: string;
  trip?: string;
}

function readChoice(): Choice {
  try {
    return JSON.parse(localStorage.getItem(CHOICE_KEY) ?? '{}') as Choice;
  } catch {
    return {};
  }
}

const labelOf = (k: KeptItem | undefined) => String(k?.item.label ?? k?.item.machineName ?? k?.id ?? '');

export function CollectScreen() {
  const { t } = useTranslation();
  const { db, userId } = useOfflineDb();
  const [contrast, setContrast] = useContrastChoice();
  useAutoSync(db);
  if (!db || !userId)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="info">{t('geokeeper.collect.signedOutOffline')}</Alert>
      </Box>
    );
  return (
    <ContrastTheme on={contrast}>
      <Box sx={{ bgcolor: 'background.default', color: 'text.primary', minHeight: '100%' }}>
        <Box sx={{ maxWidth: 720, mx: 'auto', p: { xs: 1.5, sm: 2 } }}>
          <Collect db={db} contrast={contrast} setContrast={setContrast} />
        </Box>
      </Box>
    </ContrastTheme>
  );
}

function Collect({
  db,
  contrast,
  setContrast,
}: {
  db: OfflineDb;
  contrast: boolean;
  setContrast(on: boolean): void;
}) {
  const { t } = useTranslation();
  const { client } = useApp();
  const canSync = useCanSync();
  const [choice, setChoiceState] = useState<Choice>(readChoice);
  const [editing, setEditing] = useState<string | null>(null);
  const [refresh, setRefresh] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const [persisted, setPersisted] = useState<boolean | null>(null);

  const setChoice = (c: Choice) => {
    setChoiceState(c);
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify(c));
    } catch {
      /* kept for this visit only */
    }
  };

  const programs = useLive(() => db.programs.toArray(), [db]);
  const refreshed = useLive(() => db.meta.get('refreshed'), [db]);
  const program = programs?.find((p) => p.id === choice.program) ?? programs?.[0];
  const forms = useLive(
    () => (program ? db.forms.where({ program: program.id }).toArray() : Promise.resolve([])),
    [db, program?.id],
  );
  const workItems = useLive(
    () => (program ? db.workItems.where({ program: program.id }).toArray() : Promise.resolve([])),
    [db, program?.id],
  );
  const records = useLive(
    () =>
      program
        ? db.records.filter((r) => r.program === program.id).toArray()
        : Promise.resolve([] as LocalRecord[]),
    [db, program?.id],
  );
  const editingRecord = useLive(
    () => (editing ? db.records.get(editing) : Promise.resolve(undefined)),
    [db, editing],
  );

  const doRefresh = async () => {
    setRefresh({ busy: true, message: null, error: false });
    try {
      const r = await refreshKept(client, db);
      setRefresh({
        busy: false,
        message: t('geokeeper.collect.refreshed', { count: r.programs }),
        error: false,
      });
    } catch (e) {
      setRefresh({
        busy: false,
        message: t('geokeeper.collect.refreshFailed', { reason: e instanceof Error ? e.message : String(e) }),
        error: true,
      });
    }
  };

  // Online: keep the programs and forms fresh, once per visit of the screen; ask to be kept.
  useEffect(() => {
    if (canSync) void doRefresh();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the connection comes
  }, [canSync]);
  useEffect(() => {
    void askPersistentStorage().then(setPersisted);
  }, []);

  const workItem = workItems?.find((w) => w.id === choice.workItem) ?? workItems?.[0];
  const recordForms = (forms ?? []).filter((f) => f.item.formType === 'RECORD');
  const tripForms = (forms ?? []).filter((f) => f.item.formType === 'TRIP');
  const trips = useMemo(
    () =>
      (records ?? [])
        .filter((r) => r.formType === 'TRIP')
        .sort((a, b) => b.collected.localeCompare(a.collected)),
    [records],
  );
  const trip = trips.find((x) => x.localId === choice.trip) ?? trips.find((x) => !x.fields.finalized);
  const needsTrip = workItem?.item.lockToTrip === true && !trip;

  const start = async (formType: 'TRIP' | 'RECORD', form: KeptItem) => {
    if (!program) return;
    const def = (form.item.definition as FormDefinition | undefined) ?? { fields: [], lists: {} };
    // The form's defaults, as the engine applies them, are the first answers.
    const formData = evaluateForm(def, {}).data;
    const when = formatDate(new Date().toISOString());
    const rec = await createLocal(db, {
      formType,
      program: program.id,
      formDef: form.id,
      formVersion: Number(form.item.version ?? 1),
      label: `${labelOf(form)} ${when}`,
      ...(workItem ? { workItem: workItem.id } : {}),
      ...(formType === 'RECORD' && trip ? { trip: trip.localId } : {}),
      fields: { formData },
    });
    if (formType === 'TRIP') setChoice({ ...choice, program: program.id, trip: rec.localId });
    setEditing(rec.localId);
  };

  if (editing && editingRecord)
    return (
      <Stack spacing={2}>
        <SyncStatus db={db} compact />
        <RecordEditor
          key={editing}
          db={db}
          record={editingRecord}
          onClose={() => {
            setEditing(null);
            // In range: send it now rather than at the next reconnect.
            if (canSync) void runSync(db, client);
          }}
        />
      </Stack>
    );

  const shown = [...(records ?? [])].sort((a, b) => b.collected.localeCompare(a.collected));
  return (
    <Stack spacing={2.5}>
      <Typography variant="body1">{t('geokeeper.collect.intro')}</Typography>
      <SyncStatus db={db} />
      {persisted === false && <Alert severity="info">{t('geokeeper.collect.persistDenied')}</Alert>}
      {programs && programs.length === 0 && !refresh.busy && (
        <Alert severity="info">{t('geokeeper.collect.noPrograms')}</Alert>
      )}
      {programs && programs.length > 0 && program && (
        <Stack spacing={2}>
          <TextField
            select
            label={t('geokeeper.collect.program')}
            value={program.id}
            onChange={(e) => setChoice({ program: e.target.value })}
            fullWidth
          >
            {programs.map((p) => (
              <MenuItem key={p.id} value={p.id} sx={{ minHeight: 48 }}>
                {labelOf(p)}
              </MenuItem>
            ))}
          </TextField>
          {(workItems?.length ?? 0) > 0 && (
            <TextField
              select
              label={t('geokeeper.collect.workItem')}
              value={workItem?.id ?? ''}
              onChange={(e) => setChoice({ ...choice, program: program.id, workItem: e.target.value })}
              fullWidth
            >
              {(workItems ?? []).map((w) => (
                <MenuItem key={w.id} value={w.id} sx={{ minHeight: 48 }}>
                  {labelOf(w)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {trips.length > 0 && (
            <TextField
              select
              label={t('geokeeper.collect.trip')}
              value={trip?.localId ?? ''}
              onChange={(e) => setChoice({ ...choice, program: program.id, trip: e.target.value })}
              fullWidth
            >
              {trips.map((x) => (
                <MenuItem key={x.localId} value={x.localId} sx={{ minHeight: 48 }}>
                  {x.fields.customLabel || x.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          {needsTrip && <Alert severity="info">{t('geokeeper.collect.needTrip')}</Alert>}
          {recordForms.length === 0 && forms && (
            <Alert severity="info">{t('geokeeper.collect.noForm')}</Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            {recordForms.map((f) => (
              <Button
                key={f.id}
                variant="contained"
                size="large"
                startIcon={<AddLocationAltOutlined />}
                disabled={needsTrip}
                onClick={() => void start('RECORD', f)}
                sx={{ minHeight: 64, fontSize: '1.1rem', flex: 1 }}
              >
                {recordForms.length > 1
                  ? `${t('geokeeper.collect.newRecord')}: ${labelOf(f)}`
                  : t('geokeeper.collect.newRecord')}
              </Button>
            ))}
            {tripForms.map((f) => (
              <Button
                key={f.id}
                variant="outlined"
                size="large"
                startIcon={<HikingOutlined />}
                onClick={() => void start('TRIP', f)}
                sx={{ minHeight: 64, fontSize: '1.05rem', flex: 1, ...onGreyText }}
              >
                {t('geokeeper.collect.newTrip')}
              </Button>
            ))}
          </Stack>
        </Stack>
      )}
      <Box component="section" aria-labelledby="gk-on-device">
        <Typography id="gk-on-device" variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('geokeeper.collect.onDevice')}
        </Typography>
        {shown.length === 0 ? (
          <Typography variant="body2">{t('geokeeper.collect.nothingYet')}</Typography>
        ) : (
          <List aria-label={t('geokeeper.collect.onDevice')} disablePadding>
            {shown.map((r) => (
              <ListItem key={r.localId} disablePadding>
                <ListItemButton
                  onClick={() => setEditing(r.localId)}
                  sx={{ minHeight: 64, borderBottom: 1, borderColor: 'divider', pl: r.trip ? 4 : 2 }}
                >
                  <ListItemText
                    primary={r.fields.customLabel || r.label}
                    secondary={`${t(`enums.${r.formType}`)} · ${formatDate(r.collected)}`}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  <Stack direction="row" spacing={0.5} sx={{ ml: 1 }}>
                    {r.fields.finalized && (
                      <LockOutlined fontSize="small" aria-label={t('geokeeper.collect.locked')} />
                    )}
                    <Chip
                      size="small"
                      label={t(`geokeeper.sync.state.${r.sync}`)}
                      color={
                        r.sync === 'synced'
                          ? 'success'
                          : r.sync === 'failed' || r.sync === 'conflict'
                            ? 'warning'
                            : 'default'
                      }
                      variant={r.sync === 'synced' ? 'outlined' : 'filled'}
                    />
                  </Stack>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          size="large"
          // While it updates, a spinner, not only a grey button; the label says "Updating…" to a
          // screen reader, so the spinner itself is hidden from it (no name read twice).
          startIcon={
            refresh.busy ? <CircularProgress size={20} color="inherit" aria-hidden /> : <SyncOutlined />
          }
          disabled={!canSync || refresh.busy}
          onClick={() => void doRefresh()}
          sx={{ minHeight: 48, ...onGreyText }}
        >
          {refresh.busy ? t('geokeeper.collect.refreshing') : t('geokeeper.collect.refresh')}
        </Button>
        <FormControlLabel
          control={<Switch checked={contrast} onChange={(e) => setContrast(e.target.checked)} />}
          label={t('geokeeper.collect.contrast')}
          sx={{ minHeight: 48 }}
        />
      </Stack>
      {refresh.message && (
        <Typography variant="body2" color={refresh.error ? 'error' : 'text.secondary'} role="status">
          {refresh.message}
        </Typography>
      )}
      {typeof refreshed?.value === 'string' && (
        <Typography variant="caption">
          {t('geokeeper.collect.keptAt', { time: formatDate(refreshed.value) })}
        </Typography>
      )}
    </Stack>
  );
}
