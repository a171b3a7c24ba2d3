/**
 * FormFill: a GeoKeeper form as a monitor fills it in (docs/geokeeper-forms.md "The form
 * renderer"). The one renderer of a form: the form builder's preview (client/builder/) and the
 * phone's collection screen (client/collect/RecordEditor.tsx) both draw it; it depends on the form
 * engine (form/) only, never on either screen. It holds no answers: they come in, every change
 * goes out (the collection screen keeps them on the device).
 *
 * Props:
 * - `definition`: the form (form/definition.ts), already checked.
 * - `value`: the answers (formData: answers by field name; a group an object, a repeat an array).
 * - `onChange(next)`: the whole new formData after each change (a controlled component).
 * - `showErrors`: show every field's errors (e.g. after a finalize was tried); otherwise a
 *   field's errors show once it has been changed or left, or when it holds an answer (a record
 *   reopened shows what is wrong in it).
 * - `externalErrors`: errors from elsewhere (the server), by the field's key (`visits.0.count`)
 *   as message text already translated.
 * - `lovs`: organisation lists of values by key, with labels, for `choices: { lov }` selects;
 *   without a list's entries such a select shows nothing to choose and is not checked.
 * - `readOnly`: show the answers only.
 * - `onCaptureLocation(field, current)`: the GPS reading for a geopoint, or the next position of
 *   a line or area (a GeoJSON Point with `accuracy` in metres); null when cancelled. Without it
 *   the device's geolocation is read (gps.ts: high accuracy, the accuracy kept).
 * - `onKeepMedia(field, path, taken)`: keep a photo, video or sound just taken (the Blob, its
 *   type and extension; e.g. in IndexedDB) and resolve to the kept file's name, which the answer
 *   holds (null: not kept). Without it the media buttons are disabled (the builder's preview).
 * - `media`: the kept files by name, for the answers' thumbnails and players.
 * - `onRemoveMedia(field, path, name)`: a kept file was taken out of its answer (drop the Blob).
 * - `hideTitle`: leave out the form's title (the screen already shows it).
 * - `large`: large touch targets (48 px) and roomier spacing, for a phone in the field; the
 *   builder's preview uses the denser default (44 px).
 * - `language`: a label language (`labels[language]`), the default label when unset.
 * - `idPrefix`: prefix of the inputs' ids, when two forms share a page.
 * - `onStateChange(state)`: the engine's state (valid, data) after each evaluation.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition, FormField } from '../../form/definition';
import { evaluateForm, type DataPath, type FieldState, type FormState } from '../../form/evaluate';
import { fromLocalInput, numberFromInput, numberToInput, toLocalInput } from './answer-text';
import { getIn, removeAt, setIn, type FormData } from './form-data';
import { GeoAnswer, type GeoPoint } from './GeoAnswer';
import { MediaAnswer, type KeptMedia, type TakenMedia } from './MediaAnswer';

export interface LovChoice {
  value: string;
  label: string;
}

export interface FormFillProps {
  definition: FormDefinition;
  value: FormData;
  onChange(next: FormData): void;
  showErrors?: boolean;
  externalErrors?: Readonly<Record<string, string>>;
  lovs?: Readonly<Record<string, readonly LovChoice[]>>;
  readOnly?: boolean;
  onCaptureLocation?(field: FormField, current: unknown): Promise<GeoPoint | null>;
  onKeepMedia?(field: FormField, path: DataPath, taken: TakenMedia): Promise<string | null>;
  media?: Readonly<Record<string, KeptMedia>>;
  onRemoveMedia?(field: FormField, path: DataPath, name: string): void;
  large?: boolean;
  hideTitle?: boolean;
  language?: string;
  idPrefix?: string;
  onStateChange?(state: FormState): void;
}

/** Radio buttons up to this many choices; a drop-down beyond. */
const RADIO_MAX = 6;

/** The engine's state for these answers, the organisation lists' values checking selects. */
export function useFormFillState(
  definition: FormDefinition,
  value: FormData,
  lovs: FormFillProps['lovs'],
): FormState {
  const lovValues = useMemo(() => {
    const out: Record<string, string[]> = {};
    for (const [k, entries] of Object.entries(lovs ?? {})) out[k] = entries.map((e) => e.value);
    return out;
  }, [lovs]);
  return useMemo(() => evaluateForm(definition, value, { lovs: lovValues }), [definition, value, lovValues]);
}

export function FormFill(props: FormFillProps) {
  const { definition, value, lovs, onStateChange } = props;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const state = useFormFillState(definition, value, lovs);
  // The answers as they are now: a photo or a position arrives after an await, and must not
  // undo what was typed meanwhile.
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => onStateChange?.(state), [state, onStateChange]);
  const byKey = useMemo(() => new Map(state.fields.map((f) => [f.key, f])), [state]);
  const touch = (key: string) => setTouched((s) => (s.has(key) ? s : new Set(s).add(key)));

  const ctx: Ctx = {
    ...props,
    byKey,
    touched,
    touch,
    set: (path, v) => {
      touch(path.join('.'));
      props.onChange(setIn(latest.current, path, v) as FormData);
    },
  };
  return (
    <Stack spacing={props.large ? 3 : 2} data-testid="form-fill">
      {definition.title && !props.hideTitle && (
        <Typography variant="h6" component="h3">
          {definition.title}
        </Typography>
      )}
      <Fields fields={definition.fields} base={[]} ctx={ctx} />
    </Stack>
  );
}

interface Ctx extends FormFillProps {
  byKey: Map<string, FieldState>;
  touched: ReadonlySet<string>;
  touch(key: string): void;
  set(path: DataPath, v: unknown): void;
}

function Fields({ fields, base, ctx }: { fields: readonly FormField[]; base: DataPath; ctx: Ctx }) {
  return (
    <>
      {fields.map((f) => {
        const path = [...base, f.name];
        const st = ctx.byKey.get(path.join('.'));
        if (!st || !st.shown) return null;
        return <FieldView key={f.name} field={f} path={path} st={st} ctx={ctx} />;
      })}
    </>
  );
}

const labelOf = (f: FormField, language?: string) => (language && f.labels?.[language]) || f.label;

function FieldView({ field, path, st, ctx }: { field: FormField; path: DataPath; st: FieldState; ctx: Ctx }) {
  const { t } = useTranslation();
  const key = st.key;
  const id = `${ctx.idPrefix ?? 'ff'}-${key}`;
  const label = labelOf(field, ctx.language);
  const show = ctx.showErrors || ctx.touched.has(key) || getIn(ctx.value, path) !== undefined;
  const ownErrors = show ? st.errors.map((e) => e.message ?? t(`geokeeper.form.error.${e.key}`)) : [];
  const external = ctx.externalErrors?.[key];
  const errorText = [...ownErrors, ...(external ? [external] : [])].join(' · ');
  const hasError = errorText !== '';
  const helper = hasError ? errorText : field.hint;
  const disabled = ctx.readOnly || st.readOnly;
  const required = st.required;

  if (field.kind === 'note')
    return (
      <Box data-field={key}>
        <Typography variant="body1">{label}</Typography>
        {field.hint && (
          <Typography variant="body2" color="text.secondary">
            {field.hint}
          </Typography>
        )}
      </Box>
    );

  if (field.kind === 'group')
    return (
      <Box component="fieldset" data-field={key} sx={groupSx}>
        <Box component="legend" sx={legendSx}>
          {label}
        </Box>
        {field.hint && <FormHelperText sx={{ mt: 0, mb: 1 }}>{field.hint}</FormHelperText>}
        <Stack spacing={ctx.large ? 3 : 2}>
          <Fields fields={field.fields ?? []} base={path} ctx={ctx} />
        </Stack>
      </Box>
    );

  if (field.kind === 'repeat') {
    const instances = getIn(ctx.value, path);
    const n = Array.isArray(instances) ? instances.length : 0;
    return (
      <Box component="fieldset" data-field={key} sx={groupSx}>
        <Box component="legend" sx={legendSx}>
          {label}
        </Box>
        {field.hint && <FormHelperText sx={{ mt: 0, mb: 1 }}>{field.hint}</FormHelperText>}
        <Stack spacing={2}>
          {Array.from({ length: n }, (_, i) => (
            <Paper key={i} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-instance={`${key}.${i}`}>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle2" component="h4" sx={{ flex: 1 }}>
                  {t('geokeeper.fill.instance', { label, n: i + 1 })}
                </Typography>
                {!disabled && (
                  <Tooltip title={t('geokeeper.fill.removeInstance', { label, n: i + 1 })}>
                    <IconButton
                      size={ctx.large ? 'large' : 'medium'}
                      aria-label={t('geokeeper.fill.removeInstance', { label, n: i + 1 })}
                      onClick={() => ctx.onChange(removeAt(ctx.value, path, i) as FormData)}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
              <Stack spacing={ctx.large ? 3 : 2}>
                <Fields fields={field.fields ?? []} base={[...path, i]} ctx={ctx} />
              </Stack>
            </Paper>
          ))}
          {!disabled && (
            <Button
              startIcon={<AddIcon />}
              variant="outlined"
              size={ctx.large ? 'large' : 'medium'}
              onClick={() => ctx.set([...path, n], {})}
              sx={{ alignSelf: 'flex-start', minHeight: ctx.large ? 48 : 44 }}
            >
              {t('geokeeper.fill.addInstance', { label })}
            </Button>
          )}
        </Stack>
      </Box>
    );
  }

  const common = { id, label, required, disabled, error: hasError, helperText: helper, fullWidth: true };
  const blur = () => ctx.touch(key);
  switch (field.kind) {
    case 'text':
      return (
        <TextField
          {...common}
          data-field={key}
          multiline
          maxRows={8}
          value={typeof st.value === 'string' ? st.value : ''}
          onChange={(e) => ctx.set(path, e.target.value === '' ? undefined : e.target.value)}
          onBlur={blur}
        />
      );
    case 'integer':
    case 'decimal':
      return (
        <TextField
          {...common}
          data-field={key}
          value={numberToInput(st.value)}
          onChange={(e) => ctx.set(path, numberFromInput(e.target.value, field.kind === 'integer'))}
          onBlur={blur}
          slotProps={{ htmlInput: { inputMode: field.kind === 'integer' ? 'numeric' : 'decimal' } }}
        />
      );
    case 'date':
    case 'time':
      return (
        <TextField
          {...common}
          data-field={key}
          type={field.kind}
          value={typeof st.value === 'string' ? st.value : ''}
          onChange={(e) => ctx.set(path, e.target.value || undefined)}
          onBlur={blur}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'datetime':
      return (
        <TextField
          {...common}
          data-field={key}
          type="datetime-local"
          value={toLocalInput(st.value)}
          onChange={(e) => ctx.set(path, fromLocalInput(e.target.value))}
          onBlur={blur}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'select_one':
    case 'select_multiple': {
      const choices = choicesOf(field, ctx);
      return field.kind === 'select_one' ? (
        <SelectOne {...{ field, id, label, required, disabled, hasError, helper, choices, st, path, ctx }} />
      ) : (
        <Choice
          label={label}
          id={id}
          required={required}
          hasError={hasError}
          helper={helper}
          fieldKey={key}
          large={ctx.large}
        >
          <FormGroup>
            {choices.map((c) => {
              const selected = Array.isArray(st.value) ? (st.value as string[]) : [];
              const on = selected.includes(c.value);
              return (
                <FormControlLabel
                  key={c.value}
                  disabled={disabled}
                  label={c.label}
                  sx={{ minHeight: ctx.large ? 48 : undefined }}
                  control={
                    <Checkbox
                      checked={on}
                      onChange={() => {
                        const next = on ? selected.filter((v) => v !== c.value) : [...selected, c.value];
                        ctx.set(path, next.length ? next : undefined);
                      }}
                    />
                  }
                />
              );
            })}
          </FormGroup>
        </Choice>
      );
    }
    case 'geopoint':
    case 'geotrace':
    case 'geoshape':
      return (
        <GeoAnswer
          field={field}
          fieldKey={key}
          label={label}
          required={required}
          disabled={!!disabled}
          helper={helper}
          hasError={hasError}
          value={st.value}
          onChange={(v) => ctx.set(path, v)}
          large={!!ctx.large}
          capture={ctx.onCaptureLocation}
        />
      );
    case 'photo':
    case 'video':
    case 'audio':
      return (
        <MediaAnswer
          field={field}
          fieldKey={key}
          label={label}
          required={required}
          disabled={!!disabled}
          helper={helper}
          hasError={hasError}
          value={st.value}
          inputId={id}
          large={!!ctx.large}
          file={typeof st.value === 'string' ? ctx.media?.[st.value] : undefined}
          onChange={(v) => ctx.set(path, v)}
          keep={ctx.onKeepMedia && ((taken) => ctx.onKeepMedia!(field, path, taken))}
          remove={ctx.onRemoveMedia && ((name) => ctx.onRemoveMedia!(field, path, name))}
        />
      );
    default:
      return null;
  }
}

function choicesOf(field: FormField, ctx: Ctx): LovChoice[] {
  const c = field.choices;
  if (!c) return [];
  if ('list' in c)
    return (ctx.definition.lists[c.list] ?? []).map((x) => ({
      value: x.value,
      label: (ctx.language && x.labels?.[ctx.language]) || x.label,
    }));
  return [...(ctx.lovs?.[c.lov] ?? [])];
}

function Choice(props: {
  label: string;
  id: string;
  required: boolean;
  hasError: boolean;
  helper?: string | undefined;
  fieldKey: string;
  large?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <FormControl
      component="fieldset"
      required={props.required}
      error={props.hasError}
      data-field={props.fieldKey}
      aria-describedby={props.helper ? `${props.id}-helper` : undefined}
    >
      <FormLabel component="legend" sx={props.large ? { fontSize: '1.05rem' } : undefined}>
        {props.label}
      </FormLabel>
      {props.children}
      {props.helper && <FormHelperText id={`${props.id}-helper`}>{props.helper}</FormHelperText>}
    </FormControl>
  );
}

function SelectOne(p: {
  field: FormField;
  id: string;
  label: string;
  required: boolean;
  disabled: boolean | undefined;
  hasError: boolean;
  helper: string | undefined;
  choices: LovChoice[];
  st: FieldState;
  path: DataPath;
  ctx: Ctx;
}) {
  const { t } = useTranslation();
  const current = typeof p.st.value === 'string' ? p.st.value : '';
  if (p.choices.length > RADIO_MAX)
    return (
      <TextField
        select
        id={p.id}
        data-field={p.st.key}
        label={p.label}
        required={p.required}
        disabled={p.disabled}
        error={p.hasError}
        helperText={p.helper}
        fullWidth
        value={current}
        onChange={(e) => p.ctx.set(p.path, e.target.value || undefined)}
        onBlur={() => p.ctx.touch(p.st.key)}
      >
        <MenuItem value="">
          <em>{t('geokeeper.fill.noChoice')}</em>
        </MenuItem>
        {p.choices.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Choice
      label={p.label}
      id={p.id}
      required={p.required}
      hasError={p.hasError}
      helper={p.helper}
      fieldKey={p.st.key}
      large={p.ctx.large}
    >
      <RadioGroup
        value={current}
        onChange={(e) => p.ctx.set(p.path, e.target.value || undefined)}
        name={p.id}
      >
        {p.choices.map((c) => (
          <FormControlLabel
            key={c.value}
            value={c.value}
            control={<Radio />}
            label={c.label}
            disabled={p.disabled}
            sx={{ minHeight: p.ctx.large ? 48 : undefined }}
          />
        ))}
      </RadioGroup>
      {current && !p.disabled && !p.required && (
        <Button
          size={p.ctx.large ? 'medium' : 'small'}
          onClick={() => p.ctx.set(p.path, undefined)}
          sx={{ alignSelf: 'flex-start', minHeight: p.ctx.large ? 48 : undefined }}
        >
          {t('geokeeper.fill.clearChoice')}
        </Button>
      )}
    </Choice>
  );
}

const groupSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  px: { xs: 1.5, sm: 2 },
  pt: 1,
  pb: 2,
  m: 0,
  minWidth: 0,
} as const;
const legendSx = { px: 0.5, typography: 'subtitle1', fontWeight: 600 } as const;
