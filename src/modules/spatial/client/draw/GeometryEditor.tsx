import DeleteIcon from '@mui/icons-material/Delete';
import NearMeIcon from '@mui/icons-material/NearMe';
import PentagonIcon from '@mui/icons-material/Pentagon';
import PlaceIcon from '@mui/icons-material/Place';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import UndoIcon from '@mui/icons-material/Undo';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  LinearProgress,
  Switch,
  FormLabel,
  IconButton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../../../client/module-api';
import type { Geometry } from '../../../../kernel/geometry';
import { areaWarnings, DEFAULT_AREA_WARN_KM2, type BBox } from './area-check';
import type { DrawMode } from './draw-setup';
import type { DrawCommands } from './GeometryMap';
import {
  joinGeometries,
  PROBLEM_ARGS,
  problemKey,
  readGeometryText,
  summaryText,
  type ReadProblem,
} from './geometry-model';
import { FILE_ACCEPT, fileKind, readGeometryFile, type FileProblem } from './read-file';
import { useTerritory } from './territory';

const GeometryMap = lazy(() => import('./GeometryMap'));

const MODES: { mode: DrawMode; icon: React.ReactNode }[] = [
  { mode: 'point', icon: <PlaceIcon /> },
  { mode: 'linestring', icon: <ShowChartIcon /> },
  { mode: 'polygon', icon: <PentagonIcon /> },
  { mode: 'select', icon: <NearMeIcon /> },
];

export interface GeometryEditorProps {
  /** For ids and the form's focus (`#<id>`): the paste box. */
  id: string;
  label: string;
  required?: boolean;
  value: Geometry | null;
  onChange(value: Geometry | null): void;
  /**
   * Pasted text that is not a good geometry: the form holds it (so the form's check and the
   * server name it on the field, and Next or Save cannot pass it by); the map keeps the last shape.
   */
  onInvalid?(text: string): void;
  /** The form's or the server's message on the field, translated. */
  error?: string | undefined;
  /** The view at first, without a value: polygon for a project area. */
  initialMode?: DrawMode;
}

/**
 * One geometry, drawn on a small map (point, line, area; select to move vertices or delete),
 * pasted as GeoJSON, or read from a dropped or chosen file. Each value is checked with the
 * kernel's rule before it reaches the form; a bad paste stays in the box with its message, so
 * nothing typed is lost. The summary in words is the keyboard's and screen reader's view.
 */
export function GeometryEditor({
  id,
  label,
  required,
  value,
  onChange,
  onInvalid,
  error,
  initialMode,
}: GeometryEditorProps) {
  const { t } = useTranslation();
  const { client, config } = useApp();
  const territory = useTerritory();
  const [showTerritory, setShowTerritory] = useState(true);
  const [reading, setReading] = useState<string | null>(null);
  // The system the last file was reprojected from: said until a paste, Clear or another file
  // replaces the file's shape (the map hands its shape back rounded, so no equality would hold).
  const [fromSystem, setFromSystem] = useState<string | null>(null);
  const [mode, setMode] = useState<DrawMode>(initialMode ?? (value ? 'select' : 'polygon'));
  const [paste, setPaste] = useState('');
  const [problem, setProblem] = useState<ReadProblem | 'fileType' | FileProblem | null>(null);
  const [selected, setSelected] = useState(false);
  const [noMap, setNoMap] = useState(false);
  const [over, setOver] = useState(false);
  const cmd = useRef<DrawCommands | null>(null);
  // The last good value: shown while a bad paste is in the form, and back when the paste is emptied.
  const good = useRef<Geometry | null>(value);
  if (value) good.current = value;
  const emit = (g: Geometry | null) => {
    good.current = g;
    onChange(g);
  };
  const file = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const summaryId = useId();
  const labelId = useId();
  const territoryId = useId();
  const message = problem
    ? typeof problem === 'object'
      ? t(problem.key, problem.params)
      : t(problem === 'fileType' ? `spatial.draw.problems.${problem}` : problemKey(problem), PROBLEM_ARGS)
    : error;
  const shown = value ?? (problem ? good.current : null);
  const summary = shown ? summaryText(t, shown) : t('spatial.draw.none');
  // Implausible shapes are warned about, never refused (area-check.ts).
  const b = config.defaultBounds;
  const warnings = useMemo(
    () =>
      shown
        ? areaWarnings(shown, {
            bounds: [b[0] ?? -180, b[1] ?? -90, b[2] ?? 180, b[3] ?? 90] as BBox,
            territory: territory?.box ?? null,
            maxKm2: config.map?.areaWarnKm2 ?? DEFAULT_AREA_WARN_KM2,
          })
        : [],
    [shown, b, territory, config.map?.areaWarnKm2],
  );

  const fromDrawing = (shapes: Geometry[]) => {
    setPaste('');
    if (!shapes.length) {
      setProblem(null);
      return emit(null);
    }
    const r = joinGeometries(shapes);
    setProblem(r.ok ? null : r.problem);
    if (r.ok) emit(r.geometry);
  };
  const fromText = (text: string) => {
    setPaste(text);
    if (!text.trim()) {
      if (problem) emit(good.current);
      return setProblem(null);
    }
    const r = readGeometryText(text);
    setProblem(r.ok ? null : r.problem);
    setFromSystem(null);
    if (r.ok) {
      emit(r.geometry);
      setMode('select');
    } else onInvalid?.(text);
  };
  const fromFile = async (f: File | undefined) => {
    if (!f) return;
    // A zip, KMZ or GeoPackage goes to the server: say so while it reads.
    if (fileKind(f.name) === 'server') setReading(f.name);
    const r = await readGeometryFile(f, client.tokenValue).finally(() => setReading(null));
    setProblem(r.ok ? null : r.problem === 'file' ? r.file : r.problem);
    if (r.ok) {
      setPaste('');
      emit(r.geometry);
      setMode('select');
      setFromSystem(r.projections?.length ? r.projections.join(', ') : null);
    }
  };

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      data-geometry-editor
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        void fromFile(e.dataTransfer.files[0]);
      }}
      sx={{ outline: over ? 2 : 0, outlineStyle: 'dashed', outlineColor: 'primary.main', borderRadius: 1 }}
    >
      <FormLabel id={labelId} required={required} error={!!message} sx={{ display: 'block', mb: 1 }}>
        {label}
      </FormLabel>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_e, m: DrawMode | null) => m && setMode(m)}
          aria-label={t('spatial.draw.modes.label')}
          disabled={noMap}
        >
          {MODES.map((m) => (
            <Tooltip key={m.mode} title={t(`spatial.draw.modes.${m.mode}`)}>
              <ToggleButton value={m.mode} aria-label={t(`spatial.draw.modes.${m.mode}`)}>
                {m.icon}
              </ToggleButton>
            </Tooltip>
          ))}
        </ToggleButtonGroup>
        <Tooltip title={t('spatial.draw.undo')}>
          <span>
            <IconButton
              aria-label={t('spatial.draw.undo')}
              disabled={noMap || mode === 'select'}
              onClick={() => cmd.current?.undo()}
            >
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('spatial.draw.deleteSelected')}>
          <span>
            <IconButton
              aria-label={t('spatial.draw.deleteSelected')}
              disabled={!selected}
              onClick={() => cmd.current?.deleteSelected()}
            >
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Box sx={{ flex: 1 }} />
        <input
          ref={file}
          type="file"
          hidden
          accept={FILE_ACCEPT}
          data-geometry-file
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            void fromFile(f);
          }}
        />
        <Button size="small" startIcon={<UploadFileIcon />} onClick={() => file.current?.click()}>
          {t('spatial.draw.chooseFile')}
        </Button>
        {(shown || paste) && (
          <Button
            size="small"
            onClick={() => {
              setPaste('');
              setProblem(null);
              setFromSystem(null);
              emit(null);
            }}
          >
            {t('spatial.draw.clear')}
          </Button>
        )}
      </Stack>
      {noMap ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('spatial.draw.noMap')}
        </Typography>
      ) : (
        <Suspense fallback={<Box sx={{ height: 280 }} />}>
          <GeometryMap
            value={shown}
            editable
            mode={mode}
            height={280}
            label={t('spatial.draw.mapLabel', { label, summary })}
            onShapes={fromDrawing}
            onSelect={setSelected}
            onReady={(c) => (cmd.current = c)}
            onFail={() => setNoMap(true)}
            territory={territory}
            showTerritory={showTerritory}
          />
        </Suspense>
      )}
      {!noMap && !!territory?.features.size && (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={showTerritory}
              onChange={(e) => setShowTerritory(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': territoryId } }}
            />
          }
          label={t('spatial.draw.territory.show', { count: territory.features.size })}
          sx={{ mt: 0.5 }}
        />
      )}
      {!!territory?.features.size && (
        <Typography id={territoryId} variant="caption" color="text.secondary" component="p">
          {t('spatial.draw.territory.legend')}
        </Typography>
      )}
      {reading && (
        <Box role="status" sx={{ mt: 1 }}>
          <Typography variant="body2">{t('spatial.draw.reading', { file: reading })}</Typography>
          <LinearProgress />
        </Box>
      )}
      <Typography
        id={summaryId}
        variant="body2"
        role="status"
        data-geometry-summary
        sx={{ mt: 1, color: shown ? 'text.primary' : 'text.secondary' }}
      >
        {summary}
      </Typography>
      {fromSystem && value && (
        <Typography variant="body2" color="text.secondary" data-geometry-projection>
          {t('spatial.draw.fromProjection', { projection: fromSystem })}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t(`spatial.draw.hints.${mode}`)}
      </Typography>
      {warnings.map((w) => (
        <Alert key={w.key} severity="warning" sx={{ mb: 1 }} data-area-warning={w.key} role="status">
          {t(
            `spatial.draw.warnings.${w.key}`,
            w.key === 'tooLarge' ? { km2: w.km2.toLocaleString('en'), max: w.max.toLocaleString('en') } : {},
          )}
        </Alert>
      ))}
      <TextField
        id={id}
        label={t('spatial.draw.paste')}
        fullWidth
        multiline
        minRows={2}
        maxRows={8}
        value={paste}
        onChange={(e) => fromText(e.target.value)}
        error={!!message}
        slotProps={{
          htmlInput: {
            'aria-describedby': `${summaryId}${message ? ` ${errorId}` : ''}`,
            'aria-invalid': message ? true : undefined,
            spellCheck: false,
            style: { fontFamily: 'monospace', fontSize: 13 },
          },
        }}
      />
      {message && (
        <FormHelperText id={errorId} error role="alert">
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
