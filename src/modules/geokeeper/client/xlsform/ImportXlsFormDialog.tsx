import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FileChoice,
  RequestError,
  itemLabel,
  useApp,
  useCellLink,
  type Item,
} from '../../../../client/module-api';
import type { XlsFormProblemWire } from '../../contract-forms';

// "Import XLSForm…" (docs/geokeeper-forms.md "XLSForm import in the browser"): choose an .xlsx,
// the server compiles it and reports each problem by sheet, row and column in words (a dry run:
// nothing is written), then the person creates the form (from a program) or makes it the form's
// new definition (from a form). Nothing is lost: the file stays chosen until the dialog closes.

/** As contract-forms.ts XLSFORM_BODY_MAX_BYTES (a contract is imported by type only here). */
const MAX_BYTES = 700_000;

interface Checked {
  problems: XlsFormProblemWire[];
  fieldCount: number;
  title?: string | undefined;
}

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error ?? new Error('read'));
    r.readAsDataURL(file);
  });
}

export default function ImportXlsFormDialog({
  item,
  open,
  onClose,
}: {
  item: Item;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { client } = useApp();
  const link = useCellLink();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const isForm = item._t === 'GeoKeeperFormDef';
  const [file, setFile] = useState<File | null>(null);
  const [data, setData] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [formType, setFormType] = useState<'RECORD' | 'TRIP'>('RECORD');
  const [done, setDone] = useState<{ formDef: string; version: number } | null>(null);
  const target = isForm ? { formDef: item.$id } : { program: item.$id };

  const failed = (e: unknown) =>
    setError(
      t('geokeeper.xlsImport.failed', {
        message: e instanceof RequestError ? t(`errors.${e.userMessage}`) : String(e),
      }),
    );

  const choose = async (f: File | undefined) => {
    setFile(f ?? null);
    setChecked(null);
    setDone(null);
    setError(null);
    setData(null);
    if (!f) return;
    if (f.size > MAX_BYTES)
      return setError(t('geokeeper.xlsImport.tooLarge', { max: Math.round(MAX_BYTES / 1000) }));
    setBusy(true);
    try {
      const b64 = await toBase64(f);
      setData(b64);
      const reply = await client.act('importGeoKeeperXlsForm', { file: b64, ...target, dryRun: true });
      setChecked(reply);
      setLabel(reply.title ?? f.name.replace(/\.xlsx$/i, ''));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const write = async () => {
    if (!data) return;
    setBusy(true);
    setError(null);
    try {
      const reply = await client.act('importGeoKeeperXlsForm', {
        file: data,
        ...target,
        ...(isForm ? {} : { label: label.trim() || undefined, formType }),
      });
      if (reply.formDef) setDone({ formDef: reply.formDef, version: reply.version ?? 1 });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const where = (p: XlsFormProblemWire) => (p.sheet ? p.sheet : t('geokeeper.xlsImport.wholeFile'));
  const problemText = (p: XlsFormProblemWire) => t(`geokeeper.form.xlsform.${p.key}`, p.params ?? {});

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="xls-import-title"
    >
      <DialogTitle id="xls-import-title">{t('geokeeper.xlsImport.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{t('geokeeper.xlsImport.intro')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(isForm ? 'geokeeper.xlsImport.intoForm' : 'geokeeper.xlsImport.intoProgram', {
              label: itemLabel(item),
            })}
          </Typography>
          <FileChoice
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            file={file}
            disabled={busy}
            onChoose={(f) => void choose(f)}
            labels={{
              choose: t('geokeeper.xlsImport.choose'),
              change: t('geokeeper.xlsImport.choose'),
              none: '',
            }}
            testId="xlsform-file"
          />
          {busy && (
            <Box role="status">
              <Typography variant="body2">{t('geokeeper.xlsImport.checking')}</Typography>
              <LinearProgress />
            </Box>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {checked && (
            <Stack spacing={1.5} data-testid="xlsform-report">
              <Alert
                severity={checked.fieldCount ? (checked.problems.length ? 'warning' : 'success') : 'error'}
              >
                {checked.fieldCount
                  ? t('geokeeper.xlsImport.checked', { count: checked.fieldCount })
                  : t('geokeeper.xlsImport.nothing')}{' '}
                {checked.problems.length
                  ? t('geokeeper.xlsImport.problems', { count: checked.problems.length })
                  : t('geokeeper.xlsImport.noProblems')}
              </Alert>
              {checked.problems.length > 0 && (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table
                    size="small"
                    aria-label={t('geokeeper.xlsImport.problems', { count: checked.problems.length })}
                  >
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('geokeeper.xlsImport.sheet')}</TableCell>
                        <TableCell>{t('geokeeper.xlsImport.row')}</TableCell>
                        <TableCell>{t('geokeeper.xlsImport.column')}</TableCell>
                        <TableCell>{t('geokeeper.xlsImport.problem')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {checked.problems.map((p, i) => (
                        <TableRow key={i} data-testid="xlsform-problem">
                          <TableCell>{where(p)}</TableCell>
                          <TableCell>{p.row || ''}</TableCell>
                          <TableCell>{p.column ?? ''}</TableCell>
                          <TableCell>
                            <Chip
                              size="small"
                              label={t(`geokeeper.xlsImport.severity.${p.severity}`)}
                              color={p.severity === 'error' ? 'error' : 'default'}
                              variant="outlined"
                              sx={{ mr: 1 }}
                            />
                            {problemText(p)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
              {checked.fieldCount > 0 && !isForm && !done && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1 }}>
                  <TextField
                    id="xls-import-label"
                    label={t('types.GeoKeeperFormDef.label')}
                    value={label}
                    onChange={(e) => setLabel(e.target.value)}
                    sx={{ flex: 2 }}
                  />
                  <TextField
                    id="xls-import-type"
                    select
                    label={t('geokeeper.xlsImport.formType')}
                    value={formType}
                    onChange={(e) => setFormType(e.target.value as 'RECORD' | 'TRIP')}
                    sx={{ flex: 1 }}
                  >
                    <MenuItem value="RECORD">{t('enums.RECORD')}</MenuItem>
                    <MenuItem value="TRIP">{t('enums.TRIP')}</MenuItem>
                  </TextField>
                </Stack>
              )}
            </Stack>
          )}
          {done && (
            <Alert severity="success" role="status" data-testid="xlsform-done">
              {isForm
                ? t('geokeeper.xlsImport.replaced', { version: done.version })
                : t('geokeeper.xlsImport.created', { label, version: done.version })}{' '}
              {!isForm && (
                <Link
                  {...link(`i-${done.formDef}`)}
                  onClick={(e) => {
                    link(`i-${done.formDef}`).onClick(e);
                    onClose();
                  }}
                >
                  {t('geokeeper.xlsImport.open')}
                </Link>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('geokeeper.xlsImport.close')}
        </Button>
        {checked && checked.fieldCount > 0 && !done && (
          <Button variant="contained" onClick={() => void write()} disabled={busy}>
            {t(isForm ? 'geokeeper.xlsImport.replace' : 'geokeeper.xlsImport.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
