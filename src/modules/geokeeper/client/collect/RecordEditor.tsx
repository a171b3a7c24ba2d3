import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition } from '../../form/definition';
import type { DataPath } from '../../form/evaluate';
import type { LocalRecord, OfflineDb, RecordFields } from '../offline/db';
import { useLive } from '../offline/live';
import { addLocalFile, removeLocalFile, saveLocal } from '../offline/records';
import { FormFill, useFormFillState, type LovChoice } from '../form-fill/FormFill';
import { useFix } from '../form-fill/gps';
import type { KeptMedia, TakenMedia } from '../form-fill/MediaAnswer';

// One trip or record being filled in on the phone. Every change is kept on the device at once
// (a reload, a flat battery lose nothing); Close warns while the device holds changes the
// server does not have (types.GeoKeeperFieldData.edit.unsaved). Finalize locks it (the server
// refuses any change after `finalized`), once the form's rules pass.

const EMPTY_DEF: FormDefinition = { fields: [], lists: {} };

export function RecordEditor({
  db,
  record,
  onClose,
}: {
  db: OfflineDb;
  record: LocalRecord;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<RecordFields>(record.fields);
  const [label, setLabel] = useState(record.label);
  const [accuracy, setAccuracy] = useState(record.accuracy);
  const [asking, setAsking] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const live = useLive(() => db.records.get(record.localId), [db, record.localId]);
  const form = useLive(() => db.forms.get(record.formDef), [db, record.formDef]);
  const program = useLive(() => db.programs.get(record.program), [db, record.program]);
  const keptLovs = useLive(() => db.lovs.toArray(), [db]);
  const keptFiles = useLive(() => db.files.where({ record: record.localId }).toArray(), [db, record.localId]);
  const { busy, error: fixError, locate } = useFix();
  const titleRef = useRef<HTMLInputElement>(null);

  const definition = (form?.item.definition as FormDefinition | undefined) ?? EMPTY_DEF;
  const owner = typeof program?.item.owner === 'string' ? program.item.owner : '';
  const lovs = useMemo(
    () =>
      Object.fromEntries(
        (keptLovs ?? [])
          .filter((l) => l.key.endsWith(`@${owner}`))
          .map((l): [string, LovChoice[]] => [
            l.key.split('@')[0]!,
            l.entries.map((e) => ({ value: e.key, label: e.label })),
          ]),
      ),
    [keptLovs, owner],
  );
  const files = useMemo(
    () =>
      Object.fromEntries(
        (keptFiles ?? []).map((f) => [f.name, { name: f.name, type: f.type, blob: f.blob } as KeptMedia]),
      ),
    [keptFiles],
  );
  const state = useFormFillState(definition, fields.formData, lovs);
  const locked = !!fields.finalized;
  const held = live ? live.sync !== 'synced' : true;

  useEffect(() => titleRef.current?.focus(), []);

  // The record as it is now: a photo is kept after an await, and must not undo what was typed.
  const latest = useRef(fields);
  latest.current = fields;
  const keep = (next: RecordFields, patch: { label?: string; accuracy?: number } = {}) => {
    latest.current = next;
    setFields(next);
    void saveLocal(db, record.localId, { fields: next, ...patch });
  };

  const locateRecord = async () => {
    const fix = await locate();
    if (!fix) return;
    setAccuracy(fix.accuracy);
    keep(
      { ...latest.current, spatial: { type: 'Point', coordinates: fix.coordinates } },
      { accuracy: fix.accuracy },
    );
  };

  // A new record takes the device's position as it opens.
  useEffect(() => {
    if (!record.fields.spatial && !record.fields.finalized) void locateRecord();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the record opens
  }, []);

  // The Blob is kept on the device under a name; FormFill puts the name in the answer.
  const keepFile = async (path: DataPath, taken: TakenMedia) =>
    (await addLocalFile(db, record.localId, path.join('.'), taken.blob, taken.type, taken.extension)).name;

  const finalize = () => {
    if (!state.valid) {
      setShowAll(true);
      return;
    }
    // The answers as the form keeps them (defaults applied, hidden answers dropped).
    keep({ ...fields, formData: state.data, finalized: new Date().toISOString() });
  };

  const close = () => (held ? setAsking(true) : onClose());
  const point = fields.spatial?.type === 'Point' ? (fields.spatial.coordinates as number[]) : null;

  return (
    <Stack
      spacing={3}
      component="form"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
      sx={{ pb: 12 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button size="large" startIcon={<ArrowBackOutlined />} onClick={close} sx={{ minHeight: 48 }}>
          {t('geokeeper.collect.close')}
        </Button>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          {form ? String(form.item.label ?? form.item.machineName ?? '') : ''}
        </Typography>
        {locked && <Chip color="default" icon={<LockOutlined />} label={t('geokeeper.collect.locked')} />}
        {live && (
          <Chip variant="outlined" label={t(`geokeeper.sync.state.${live.sync}`)} data-testid="record-sync" />
        )}
      </Stack>
      {locked && (
        <Alert severity="info" icon={<LockOutlined />}>
          {t('geokeeper.collect.finalizeHint')}
        </Alert>
      )}
      <TextField
        inputRef={titleRef}
        label={t('geokeeper.collect.recordTitle')}
        value={label}
        disabled={locked}
        onChange={(e) => {
          setLabel(e.target.value);
          void saveLocal(db, record.localId, { label: e.target.value });
        }}
        fullWidth
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('geokeeper.collect.location')}
        </Typography>
        <Typography variant="body1" aria-live="polite" data-testid="record-location">
          {busy
            ? t('geokeeper.collect.locating')
            : point
              ? t('geokeeper.collect.located', {
                  lat: point[1]!.toFixed(5),
                  lon: point[0]!.toFixed(5),
                  metres: Math.round(accuracy ?? 0),
                })
              : t('geokeeper.collect.noLocation')}
        </Typography>
        {fixError && (
          <Typography color="error" variant="body2">
            {t('geokeeper.collect.locationDenied', { reason: fixError })}
          </Typography>
        )}
        {!locked && (
          <Button
            variant="outlined"
            size="large"
            startIcon={<MyLocationOutlined />}
            disabled={busy}
            onClick={() => void locateRecord()}
            sx={{ mt: 1, minHeight: 48 }}
          >
            {t('geokeeper.collect.locate')}
          </Button>
        )}
      </Box>
      <FormFill
        definition={definition}
        value={fields.formData}
        onChange={(formData) => keep({ ...latest.current, formData })}
        readOnly={locked}
        lovs={lovs}
        media={files}
        onKeepMedia={(_f, p, taken) => keepFile(p, taken)}
        onRemoveMedia={(_f, _p, name) => void removeLocalFile(db, record.localId, name)}
        showErrors={showAll}
        idPrefix="record"
        hideTitle
        large
      />
      {showAll && !state.valid && <Alert severity="error">{t('geokeeper.collect.finalizeInvalid')}</Alert>}
      {!locked && (
        <Box
          sx={{
            py: 1.5,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          {/* Saving is explicit here: the record is kept on the phone and waits to be sent. */}
          <Button variant="contained" size="large" onClick={onClose} sx={{ minHeight: 56, flex: 1 }}>
            {t('geokeeper.collect.save')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            startIcon={<TaskAltOutlined />}
            onClick={finalize}
            sx={{ minHeight: 56, flex: 1 }}
          >
            {t('geokeeper.collect.finalize')}
          </Button>
        </Box>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="gk-unsaved-title">
        <DialogTitle id="gk-unsaved-title">{label}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('types.GeoKeeperFieldData.edit.unsaved')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} size="large">
            {t('geokeeper.collect.stay')}
          </Button>
          <Button
            variant="contained"
            size="large"
            onClick={() => {
              setAsking(false);
              onClose();
            }}
          >
            {t('geokeeper.collect.closeAnyway')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
