import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  CONTAINER_KINDS,
  FIELD_KINDS,
  SELECT_KINDS,
  type FieldKind,
  type FormDefinition,
  type FormField,
} from '../../form/definition';
import { ChoicesEditor } from './ChoicesEditor';
import { exprErrorText, issuesOf, type BuilderIssue } from './issues';
import { allNames, holdsAnswer, newField, pruneLists, slugOf, uniqueName, updateField } from './model';
import { RelevanceEditor } from './RelevanceEditor';

// One field's settings, in plain words: its question, its name in the data (made from the
// question until changed by hand), hint, kind, choices, required, "show only when…", the accepted
// answers, the default and read-only. Each rule's problem shows under it.

export interface FieldEditorProps {
  def: FormDefinition;
  path: number[];
  field: FormField;
  issues: readonly BuilderIssue[];
  /** Names of the saved definition: their name is not re-made from the label (a new version). */
  savedNames: ReadonlySet<string>;
  lovLists: readonly string[];
  onDef(def: FormDefinition): void;
}

/** Whether a name was made from the label (so it follows the label while the field is new). */
const followsLabel = (name: string, label: string) => new RegExp(`^${slugOf(label)}(_\\d+)?$`).test(name);

export function FieldEditor({ def, path, field, issues, savedNames, lovLists, onDef }: FieldEditorProps) {
  const { t } = useTranslation();
  const id = `fb-${path.join('-')}`;
  const set = (patch: Partial<FormField>) => onDef(updateField(def, path, patch));
  const problems = (p: keyof FormField) => issuesOf(issues, path, p).map((i) => i.text);
  const helper = (p: keyof FormField, fallback?: string) => {
    const list = problems(p);
    return { error: list.length > 0, helperText: list.length ? list.join(' · ') : fallback };
  };
  const answer = holdsAnswer(field.kind);
  const container = CONTAINER_KINDS.includes(field.kind);
  const general = issuesOf(issues, path).filter(
    (i) =>
      !i.property ||
      !['label', 'name', 'relevant', 'constraint', 'constraintMessage', 'default', 'choices'].includes(
        i.property,
      ),
  );

  const setLabel = (label: string) => {
    if (!savedNames.has(field.name) && followsLabel(field.name, field.label)) {
      const taken = allNames(def);
      taken.delete(field.name);
      set({ label, name: uniqueName(slugOf(label), taken) });
    } else set({ label });
  };

  const setKind = (kind: FieldKind) => {
    let next = def;
    const patch: Partial<FormField> = { kind };
    if (SELECT_KINDS.includes(kind) && !field.choices) {
      const made = newField(def, kind, field.label, (n) => t('geokeeper.builder.option', { n }));
      next = made.def;
      patch.choices = made.field.choices;
    } else if (!SELECT_KINDS.includes(kind)) patch.choices = undefined;
    if (kind === 'note')
      Object.assign(patch, {
        required: undefined,
        requiredMessage: undefined,
        constraint: undefined,
        constraintMessage: undefined,
        default: undefined,
        readOnly: undefined,
      });
    patch.default = undefined;
    onDef(pruneLists(updateField(next, path, patch)));
  };

  const exprHelp = (src: string | undefined, p: keyof FormField, fallback: string) => {
    const parse = exprErrorText(t, src);
    const list = parse ? [parse] : problems(p);
    return { error: list.length > 0, helperText: list.length ? list.join(' · ') : fallback };
  };
  const defaultHelp = t(
    `geokeeper.builder.defaultHelp.${['select_multiple', 'geopoint', 'date', 'time', 'datetime'].includes(field.kind) ? field.kind : 'other'}`,
  );

  return (
    <Box
      role="group"
      aria-label={t('geokeeper.builder.editor', { label: field.label || field.name })}
      sx={{
        border: 1,
        borderColor: 'primary.main',
        borderTop: 0,
        borderRadius: '0 0 4px 4px',
        p: { xs: 1.5, sm: 2 },
        mb: 1,
      }}
      data-testid="field-editor"
    >
      <Stack spacing={2}>
        {general.map((i, k) => (
          <Alert key={k} severity="error">
            {i.text}
          </Alert>
        ))}
        <TextField
          id={`${id}-label`}
          label={t('geokeeper.builder.label')}
          value={field.label}
          onChange={(e) => setLabel(e.target.value)}
          multiline
          maxRows={4}
          autoFocus
          {...helper('label')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            id={`${id}-name`}
            label={t('geokeeper.builder.name')}
            value={field.name}
            onChange={(e) => set({ name: e.target.value.trim() })}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            {...helper('name', t('geokeeper.builder.nameHelp'))}
          />
          {!container && (
            <TextField
              id={`${id}-kind`}
              select
              label={t('geokeeper.builder.kind')}
              value={field.kind}
              onChange={(e) => setKind(e.target.value as FieldKind)}
              sx={{ flex: 1 }}
            >
              {FIELD_KINDS.filter((k) => !CONTAINER_KINDS.includes(k)).map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`geokeeper.form.kind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <TextField
          id={`${id}-hint`}
          label={t('geokeeper.builder.hint')}
          value={field.hint ?? ''}
          onChange={(e) => set({ hint: e.target.value })}
          multiline
          maxRows={4}
        />
        {SELECT_KINDS.includes(field.kind) && (
          <ChoicesEditor
            def={def}
            path={path}
            field={field}
            lovLists={lovLists}
            onDef={onDef}
            problems={problems('choices')}
          />
        )}
        {answer && (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={!!field.required}
                  onChange={(e) => set({ required: e.target.checked || undefined })}
                />
              }
              label={t('geokeeper.builder.required')}
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 4, mt: -0.5 }}>
              {t('geokeeper.builder.requiredHelp')}
            </Typography>
            {field.required && (
              <TextField
                id={`${id}-requiredMessage`}
                label={t('geokeeper.builder.requiredMessage')}
                value={field.requiredMessage ?? ''}
                onChange={(e) => set({ requiredMessage: e.target.value })}
                fullWidth
                sx={{ mt: 1 }}
              />
            )}
          </Box>
        )}
        <RelevanceEditor
          def={def}
          path={path}
          field={field}
          onChange={(relevant) => set({ relevant })}
          help={exprHelp(field.relevant, 'relevant', t('geokeeper.builder.relevantHelp'))}
        />
        {answer && (
          <Stack spacing={2}>
            <TextField
              id={`${id}-constraint`}
              label={t('geokeeper.builder.constraint')}
              value={field.constraint ?? ''}
              onChange={(e) =>
                set({
                  constraint: e.target.value,
                  ...(e.target.value ? {} : { constraintMessage: undefined }),
                })
              }
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              {...exprHelp(field.constraint, 'constraint', t('geokeeper.builder.constraintHelp'))}
            />
            {field.constraint && (
              <TextField
                id={`${id}-constraintMessage`}
                label={t('geokeeper.builder.constraintMessage')}
                value={field.constraintMessage ?? ''}
                onChange={(e) => set({ constraintMessage: e.target.value })}
                {...helper('constraintMessage')}
              />
            )}
            <TextField
              id={`${id}-default`}
              label={t('geokeeper.builder.default')}
              value={field.default ?? ''}
              onChange={(e) => set({ default: e.target.value })}
              {...helper('default', defaultHelp)}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={!!field.readOnly}
                  onChange={(e) => set({ readOnly: e.target.checked || undefined })}
                />
              }
              label={t('geokeeper.builder.readOnly')}
            />
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
