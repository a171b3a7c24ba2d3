import EditNoteIcon from '@mui/icons-material/EditNote';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, useApp, type Item, type ItemSectionProps } from '../../../../client/module-api';
import { GEOKEEPER_LOV_LISTS } from '../../types';
import type { DefinitionIssueKey, FormDefinition } from '../../form/definition';
import type { TFunction } from 'i18next';
import { nextVersion } from '../../form/versions';
import { AddFieldMenu } from './AddFieldMenu';
import { FieldEditor } from './FieldEditor';
import { FieldList } from './FieldList';
import { builderIssues, issueText } from './issues';
import {
  EMPTY_DEFINITION,
  allNames,
  fieldAt,
  insertField,
  moveField,
  moveIn,
  moveOut,
  newField,
  removeField,
} from './model';
import { FormPreview } from './FormPreview';

const ImportXlsFormDialog = lazy(() => import('../xlsform/ImportXlsFormDialog'));

// The form builder on a GeoKeeperFormDef record (docs/geokeeper-forms.md "The form builder"):
// the fields in a list to add, order, nest and remove, each with its settings in plain words; a
// live preview of the form as a monitor sees it (FormFill, the collection screens' renderer);
// saved through the ordinary update of `definition`, with the version it will make said first.

const asDefinition = (v: unknown): FormDefinition | null =>
  typeof v === 'object' && v !== null && Array.isArray((v as FormDefinition).fields)
    ? { ...(v as FormDefinition), lists: (v as FormDefinition).lists ?? {} }
    : null;

export default function FormBuilderSection({ item, editable, onSaved }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const saved = useMemo(() => asDefinition(item.definition), [item.definition]);
  const savedVersion = typeof item.version === 'number' ? item.version : null;
  const [draft, setDraft] = useState<FormDefinition>(saved ?? EMPTY_DEFINITION);
  const [base, setBase] = useState<FormDefinition | null>(saved);
  const [selected, setSelected] = useState<number[] | null>(null);
  const [tab, setTab] = useState<'build' | 'preview'>('build');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(base ?? EMPTY_DEFINITION);

  // Another's save (or an import) arrives: adopt it while nothing here is unsaved.
  useEffect(() => {
    if (JSON.stringify(saved) === JSON.stringify(base)) return;
    if (!dirty) {
      setDraft(saved ?? EMPTY_DEFINITION);
      setSelected(null);
    }
    setBase(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved definition changes
  }, [saved]);

  // Unsaved changes: the browser asks before leaving the page.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const issues = useMemo(() => builderIssues(t, draft), [t, draft]);
  const savedNames = useMemo(() => (base ? allNames(base) : new Set<string>()), [base]);
  const willBe =
    base && savedVersion !== null ? nextVersion({ version: savedVersion, definition: base }, draft) : null;
  const lovLists = useMemo(() => [...GEOKEEPER_LOV_LISTS], []);
  const label = typeof item.label === 'string' && item.label ? item.label : String(item.machineName ?? '');

  const add = (kind: Parameters<typeof newField>[1], inside: number[] | null) => {
    const made = newField(
      draft,
      kind,
      t('geokeeper.builder.newField', { kind: t(`geokeeper.form.kind.${kind}`) }),
      (n) => t('geokeeper.builder.option', { n }),
    );
    // Inside the selected group or repeat; else just after the selected field; else at the end.
    const sel = selected ? fieldAt(draft, selected) : undefined;
    let res;
    if (inside) res = insertField(made.def, inside, made.field);
    else if (sel && selected)
      res = insertField(made.def, selected.slice(0, -1), made.field, selected[selected.length - 1]! + 1);
    else res = insertField(made.def, [], made.field);
    setDraft(res.def);
    setSelected(res.path);
    setMessage(null);
  };

  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const reply = await client.request<Item>('update', {
        $id: item.$id,
        $version: item.$version,
        definition: draft,
      });
      onSaved?.(reply);
      setBase(asDefinition(reply.definition));
      setDraft(asDefinition(reply.definition) ?? EMPTY_DEFINITION);
      setMessage({ severity: 'success', text: t('geokeeper.builder.saved', { version: reply.version }) });
    } catch (e) {
      if (e instanceof RequestError && e.userMessage === 'staleVersion')
        setMessage({ severity: 'error', text: t('geokeeper.builder.staleVersion') });
      else
        setMessage({
          severity: 'error',
          text: t('geokeeper.builder.serverProblem', {
            message: e instanceof RequestError ? serverMessage(t, e) : String(e),
          }),
        });
    } finally {
      setBusy(false);
    }
  };

  const selectedField = selected ? fieldAt(draft, selected) : undefined;
  const selectedContainer =
    selectedField && (selectedField.kind === 'group' || selectedField.kind === 'repeat') ? selected : null;
  const editor =
    selected && selectedField && editable ? (
      <FieldEditor
        key={selected.join('.')}
        def={draft}
        path={selected}
        field={selectedField}
        issues={issues}
        savedNames={savedNames}
        lovLists={lovLists}
        onDef={setDraft}
      />
    ) : null;

  const versionNote =
    savedVersion === null || !base
      ? t('geokeeper.builder.firstVersion')
      : willBe !== null && willBe !== savedVersion
        ? t('geokeeper.builder.newVersion', { next: willBe, current: savedVersion })
        : t('geokeeper.builder.sameVersion', { current: savedVersion });

  const build = (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          {t('geokeeper.builder.fields')}
        </Typography>
        {editable && (
          <AddFieldMenu
            onAdd={(k) => add(k, selectedContainer)}
            insideLabel={selectedContainer ? (selectedField?.label ?? '') : null}
          />
        )}
      </Stack>
      {draft.fields.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('geokeeper.builder.empty')}
        </Typography>
      ) : (
        <>
          {editable && (
            <Typography variant="caption" color="text.secondary" id="fb-keyboard-hint">
              {t('geokeeper.builder.keyboardHint')}
            </Typography>
          )}
          <FieldList
            def={draft}
            selected={selected}
            issues={issues}
            onSelect={setSelected}
            onMove={(path, dir) => {
              const r = moveField(draft, path, dir);
              setDraft(r.def);
              setSelected(r.path);
              focusRow(r.path, r.def);
            }}
            onMoveIn={(path) => {
              const r = moveIn(draft, path);
              setDraft(r.def);
              setSelected(r.path);
              focusRow(r.path, r.def);
            }}
            onMoveOut={(path) => {
              const r = moveOut(draft, path);
              setDraft(r.def);
              setSelected(r.path);
              focusRow(r.path, r.def);
            }}
            onRemove={(path) => {
              setDraft(removeField(draft, path));
              setSelected(null);
            }}
            editor={editor}
          />
        </>
      )}
      {editable && draft.fields.length > 0 && (
        <Box>
          <AddFieldMenu
            onAdd={(k) => add(k, selectedContainer)}
            insideLabel={selectedContainer ? (selectedField?.label ?? '') : null}
            variant="text"
          />
        </Box>
      )}
    </Stack>
  );
  const preview = <FormPreview definition={draft} owner={item.owner ?? null} />;

  return (
    <Box
      component="section"
      aria-label={t('geokeeper.builder.region', { label })}
      sx={{ px: 2, pb: 2 }}
      data-testid="form-builder"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {t('geokeeper.builder.title')}
        </Typography>
        <Chip
          size="small"
          label={
            savedVersion !== null
              ? t('geokeeper.builder.version', { version: savedVersion })
              : t('geokeeper.builder.noVersion')
          }
          data-testid="builder-version"
        />
        {dirty && (
          <Chip
            size="small"
            variant="outlined"
            icon={<EditNoteIcon />}
            label={t('geokeeper.builder.unsaved')}
          />
        )}
        <Box sx={{ flex: 1 }} />
        {editable && (
          <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
            {t('geokeeper.builder.importXls')}
          </Button>
        )}
      </Stack>
      {editable && (dirty || !base) && (
        <Alert
          severity={willBe !== null && willBe !== savedVersion ? 'warning' : 'info'}
          sx={{ mb: 1.5 }}
          data-testid="builder-version-note"
        >
          {versionNote}
        </Alert>
      )}
      {message && (
        <Alert
          severity={message.severity}
          sx={{ mb: 1.5 }}
          role={message.severity === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </Alert>
      )}
      {wide ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)',
            gap: 2,
            alignItems: 'start',
          }}
        >
          {build}
          <Paper variant="outlined" sx={{ p: 2, position: 'sticky', top: 8 }}>
            {preview}
          </Paper>
        </Box>
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_, v: 'build' | 'preview') => setTab(v)}
            variant="fullWidth"
            sx={{ mb: 1.5 }}
          >
            <Tab
              value="build"
              label={t('geokeeper.builder.tabBuild')}
              id="fb-tab-build"
              aria-controls="fb-panel"
            />
            <Tab
              value="preview"
              label={t('geokeeper.builder.tabPreview')}
              id="fb-tab-preview"
              aria-controls="fb-panel"
            />
          </Tabs>
          <Box id="fb-panel" role="tabpanel" aria-labelledby={`fb-tab-${tab}`}>
            {tab === 'build' ? build : preview}
          </Box>
        </>
      )}
      {editable && (
        <Stack
          direction="row"
          spacing={1}
          sx={{
            mt: 2,
            alignItems: 'center',
            flexWrap: 'wrap',
            rowGap: 1,
            py: 1,
          }}
        >
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={!dirty || busy || issues.length > 0 || draft.fields.length === 0}
            onClick={() => void save()}
            sx={{ minHeight: 44 }}
          >
            {t('geokeeper.builder.save')}
          </Button>
          <Button
            disabled={!dirty || busy}
            onClick={() => {
              setDraft(base ?? EMPTY_DEFINITION);
              setSelected(null);
            }}
            sx={{ minHeight: 44 }}
          >
            {t('geokeeper.builder.discard')}
          </Button>
          {issues.length > 0 && (
            <Typography variant="body2" color="error" role="status">
              {t('geokeeper.builder.problems', { count: issues.length })}
            </Typography>
          )}
        </Stack>
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportXlsFormDialog item={item} open={importing} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * The server's refusal in words: each definition problem as the builder words it (the field's
 * names path, then the problem), else the error's own message.
 */
function serverMessage(t: TFunction, e: RequestError): string {
  const parts = e.fields.map((f) => {
    const issue = f.params?.issue;
    const where = f.path.replace(/^definition\.?/, '').replace(/\./g, ' › ');
    const what = issue ? issueText(t, { key: issue as DefinitionIssueKey, params: f.params }) : t(f.key);
    return where ? `${where}: ${what}` : what;
  });
  return parts.length ? parts.join('; ') : t(`errors.${e.userMessage}`);
}

/** Keeps the keyboard on the moved field's row (its button), after React draws the new order. */
function focusRow(path: number[], def: FormDefinition) {
  const name = fieldAt(def, path)?.name;
  if (!name) return;
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[data-testid="builder-row-${CSS.escape(name)}"]`)?.focus(),
  );
}
