import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../../../kernel/item-type';
import {
  FileChoice,
  propLabel,
  RequestError,
  taskStoreFor,
  uploadOnto,
  typeLabel,
  useApp,
  useTasks,
} from '../../../../client/module-api';
import {
  CSV_GEOMETRY_PARTS,
  CSV_IMPORT_KIND,
  CSV_IMPORTABLE_KINDS,
  type CsvImportResult,
} from '../../csv-import';
import {
  autoMapping,
  csvTargets,
  type CsvPreview,
  PREVIEW_BYTES,
  previewCsv,
  problemsByRow,
} from './csv-import-model';

// "Import from CSV" on a list (docs/csv-import.md): choose a file → its headers and first rows,
// read in the browser → a property per column (guessed by name or label) and a key column →
// "Check" uploads it onto an Import and runs importCsv as a dry run (counts and every row's
// problems) → "Import" runs it for real with its progress → a summary with the rows that failed.

const NONE = '';
const SHOWN_PROBLEM_ROWS = 200;

type Phase = 'choose' | 'upload' | 'check' | 'checked' | 'run' | 'done' | 'failed';

export default function CsvImportDialog({
  type,
  kind = CSV_IMPORT_KIND,
  preset,
  presetLabel,
  open,
  onClose,
}: {
  type: ItemType;
  /** The Import kind to record (the list's `csvImport` when it names one). */
  kind?: string;
  /**
   * Values every row gets, property → value (importCsv's `preset`): an import offered on a
   * record presets the record (research's "Import coded data" on a project). Not mapped.
   */
  preset?: Readonly<Record<string, string>>;
  /** How the preset reads to a person ("Project: Upper river study"). */
  presetLabel?: string;
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
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [keyColumn, setKeyColumn] = useState(NONE);
  const [imp, setImp] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('choose');
  const [taskKey, setTaskKey] = useState<string | null>(null);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const task = taskKey ? tasks.find((x) => x.key === taskKey) : undefined;
  // A phone gets the whole screen, and the mapping without the sample values.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));

  const props = useMemo(
    () =>
      csvTargets(
        type.properties,
        CSV_IMPORTABLE_KINDS,
        CSV_GEOMETRY_PARTS,
        (name, part) => {
          const field = propLabel(t, type.name, name);
          return part ? t(`csvImport.part.${part}`, { field }) : field;
        },
        preset,
      ),
    [type, t, preset],
  );

  async function choose(f: File | undefined) {
    if (!f) return;
    setFile(f);
    setImp(null);
    setResult(null);
    setPhase('choose');
    try {
      const p = previewCsv(await f.slice(0, PREVIEW_BYTES).text());
      setPreview(p);
      setUnreadable(p.headers.length === 0);
      setMapping(autoMapping(p.headers, props));
      setKeyColumn(NONE);
    } catch {
      setPreview(null);
      setUnreadable(true);
    }
  }

  const upload = (f: File, rel: string) =>
    uploadOnto(f, rel, { token: () => client.tokenValue, type: 'text/csv' });

  /** The Import holding the file: made and uploaded once, checked and run as often as asked. */
  async function importId(f: File): Promise<string> {
    if (imp) return imp;
    setPhase('upload');
    const created = await client.request<{ $id: string }>('create/Import', {
      label: f.name,
      kind,
    });
    await upload(f, created.$id);
    setImp(created.$id);
    return created.$id;
  }

  async function start(dryRun: boolean) {
    if (!file) return;
    setResult(null);
    setErrorKey(null);
    try {
      const id = await importId(file);
      const mapped = Object.fromEntries(Object.entries(mapping).filter(([, v]) => v));
      const started = await store.start(
        'importCsv',
        {
          import: id,
          type: type.name,
          mapping: mapped,
          ...(keyColumn ? { keyColumn } : {}),
          ...(preset && Object.keys(preset).length ? { preset: { ...preset } } : {}),
          dryRun,
        },
        { ownErrors: true },
      );
      setTaskKey(started.key);
      setPhase(dryRun ? 'check' : 'run');
    } catch (e) {
      setPhase(imp ? 'checked' : 'choose');
      if (e instanceof RequestError) alerts.error(e);
      else alerts.push({ type: 'error', key: 'errors.generalFailure', sysMessage: String(e) });
    }
  }

  // The finished task: its result file, or its error.
  const failed = task?.errorKey;
  const resultURI = task && task.percentageComplete >= 100 ? task.resultURI : undefined;
  useEffect(() => {
    if (!failed) return;
    setErrorKey(failed);
    setPhase('failed');
  }, [failed]);
  useEffect(() => {
    if (!resultURI) return;
    let live = true;
    void fetch(resultURI, { headers: { authorization: `Bearer ${client.tokenValue ?? ''}` } })
      .then((r) => r.json() as Promise<CsvImportResult>)
      .then((r) => {
        if (!live) return;
        setResult(r);
        setPhase(r.dryRun ? 'checked' : 'done');
      })
      .catch(() => live && setPhase('failed'));
    return () => {
      live = false;
    };
  }, [resultURI, client]);

  const busy = phase === 'upload' || phase === 'check' || phase === 'run';
  const pct = Math.round(task?.percentageComplete ?? 0);
  const mappedCount = Object.values(mapping).filter(Boolean).length;
  const editable = phase === 'choose' || phase === 'checked' || phase === 'failed' || phase === 'done';
  const status =
    phase === 'upload'
      ? t('csvImport.uploading', { name: file?.name ?? '' })
      : phase === 'check'
        ? t('csvImport.checking', { pct })
        : t('csvImport.importing', { pct });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{t('csvImport.title', { type: typeLabel(t, type.name) })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Typography>{t('csvImport.intro')}</Typography>
          {presetLabel && <Alert severity="info">{t('csvImport.presetNote', { values: presetLabel })}</Alert>}
          <FileChoice
            accept=".csv,text/csv"
            file={file}
            disabled={busy}
            onChoose={(f) => void choose(f)}
            labels={{
              choose: t('csvImport.chooseFile'),
              change: t('csvImport.changeFile'),
              none: t('csvImport.noFile'),
            }}
            testId="csv-file"
          />
          {unreadable && <Alert severity="error">{t('csvImport.unreadable')}</Alert>}
          {preview && preview.headers.length > 0 && (
            <>
              <Typography component="h3" variant="subtitle1">
                {t('csvImport.mappingTitle')}
              </Typography>
              <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" stickyHeader aria-label={t('csvImport.mappingTitle')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('csvImport.column')}</TableCell>
                      <TableCell>{t('csvImport.property')}</TableCell>
                      {!phone && <TableCell>{t('csvImport.samples')}</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.headers.map((h, i) => (
                      <TableRow key={`${i}-${h}`}>
                        <TableCell sx={{ fontWeight: 600 }}>{h}</TableCell>
                        <TableCell sx={{ minWidth: 180 }}>
                          <TextField
                            select
                            size="small"
                            fullWidth
                            disabled={!editable}
                            label={t('csvImport.propertyFor', { column: h })}
                            value={mapping[h] ?? NONE}
                            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                            onChange={(e) =>
                              setMapping((m) => {
                                const next = { ...m };
                                // A property fills from one column: taken from another, it moves here.
                                for (const [k, v] of Object.entries(next))
                                  if (v === e.target.value) delete next[k];
                                if (e.target.value) next[h] = e.target.value;
                                else delete next[h];
                                return next;
                              })
                            }
                          >
                            <MenuItem value={NONE}>{t('csvImport.leaveOut')}</MenuItem>
                            {props.map((p) => (
                              <MenuItem key={p.name} value={p.name}>
                                {p.label}
                              </MenuItem>
                            ))}
                          </TextField>
                        </TableCell>
                        {!phone && (
                          <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                            {preview.rows
                              .map((r) => r[i] ?? '')
                              .filter(Boolean)
                              .join(' · ')}
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <TextField
                select
                size="small"
                disabled={!editable}
                label={t('csvImport.keyColumn')}
                helperText={t('csvImport.keyHelp')}
                value={keyColumn}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                onChange={(e) => setKeyColumn(e.target.value)}
                sx={{ maxWidth: 420 }}
              >
                <MenuItem value={NONE}>{t('csvImport.noKey')}</MenuItem>
                {preview.headers.map((h, i) => (
                  <MenuItem key={`${i}-${h}`} value={h}>
                    {h}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          {busy && (
            <Box>
              <Typography id={statusId} role="status" aria-live="polite" sx={{ mb: 1 }}>
                {status}
              </Typography>
              <LinearProgress
                variant={phase === 'upload' ? 'indeterminate' : 'determinate'}
                value={pct}
                aria-labelledby={statusId}
              />
            </Box>
          )}
          {phase === 'failed' && (
            <Alert severity="error" role="alert">
              {t(`errors.${errorKey ?? 'generalFailure'}`, { ...task?.errorParams })}
            </Alert>
          )}
          {result && <ResultView result={result} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button disabled={busy} onClick={onClose}>
          {t('csvImport.close')}
        </Button>
        <Button
          variant={phase === 'checked' ? 'outlined' : 'contained'}
          disabled={busy || !file || !mappedCount || phase === 'done'}
          onClick={() => void start(true)}
        >
          {t('csvImport.check')}
        </Button>
        <Button variant="contained" disabled={busy || phase !== 'checked'} onClick={() => void start(false)}>
          {t('csvImport.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ResultView({ result }: { result: CsvImportResult }) {
  const { t } = useTranslation();
  const rows = problemsByRow(result.problems);
  const counts = result.dryRun ? 'csvImport.checkedCounts' : 'csvImport.doneCounts';
  return (
    <Stack sx={{ gap: 1 }} role="status" data-testid="csv-result">
      <Alert severity={result.failed ? 'warning' : 'success'}>
        {t(counts, {
          rows: result.rows,
          created: result.created,
          updated: result.updated,
          unchanged: result.unchanged,
          failed: result.failed,
        })}
      </Alert>
      {rows.length > 0 && (
        <>
          <Typography component="h3" variant="subtitle1">
            {t('csvImport.problemsTitle', { count: result.problemsTotal })}
          </Typography>
          <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table
              size="small"
              stickyHeader
              aria-label={t('csvImport.problemsTitle', { count: result.problemsTotal })}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('csvImport.row')}</TableCell>
                  <TableCell>{t('csvImport.column')}</TableCell>
                  <TableCell>{t('csvImport.problemColumn')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.slice(0, SHOWN_PROBLEM_ROWS).flatMap((r) =>
                  r.problems.map((p, i) => (
                    <TableRow key={`${r.row}-${i}`} data-testid="csv-problem">
                      <TableCell>{i === 0 ? r.row : ''}</TableCell>
                      <TableCell>{p.column ?? ''}</TableCell>
                      <TableCell>{t(p.key, { defaultValue: t('csvImport.problemOther') })}</TableCell>
                    </TableRow>
                  )),
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}
