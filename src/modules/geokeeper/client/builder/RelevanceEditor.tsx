import {
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormDefinition, FormField } from '../../form/definition';
import { fieldAt, flatten } from './model';

// "Show only when…": always; when an earlier select's answer is (or includes) a choice, the rule a
// lands officer needs most, written for them as `${river} = 'cloudy'`; or any expression.

type Mode = 'always' | 'simple' | 'expression';

const SIMPLE = /^\s*\$\{([A-Za-z_][A-Za-z0-9_.-]*)\}\s*=\s*'([^']*)'\s*$/;
const SELECTED = /^\s*selected\(\s*\$\{([A-Za-z_][A-Za-z0-9_.-]*)\}\s*,\s*'([^']*)'\s*\)\s*$/;

/** The repeat a field is inside (its index path), or null. */
function repeatOf(def: FormDefinition, path: readonly number[]): string | null {
  for (let n = path.length - 1; n > 0; n--)
    if (fieldAt(def, path.slice(0, n))?.kind === 'repeat') return path.slice(0, n).join('.');
  return null;
}

/** Selects with their own choices, above this field, that it may name (not inside another repeat). */
function candidatesOf(def: FormDefinition, path: readonly number[]) {
  const own = path.join('.');
  const mine = repeatOf(def, path);
  const out: FormField[] = [];
  for (const row of flatten(def)) {
    if (row.path.join('.') === own) break;
    const f = row.field;
    if (!(f.kind === 'select_one' || f.kind === 'select_multiple') || !f.choices || !('list' in f.choices))
      continue;
    const theirs = repeatOf(def, row.path);
    if (theirs === null || theirs === mine) out.push(f);
  }
  return out;
}

function parseSimple(src: string | undefined): { name: string; value: string } | null {
  if (!src) return null;
  const m = SIMPLE.exec(src) ?? SELECTED.exec(src);
  return m ? { name: m[1]!, value: m[2]! } : null;
}

export function RelevanceEditor(p: {
  def: FormDefinition;
  path: number[];
  field: FormField;
  onChange(relevant: string | undefined): void;
  help: { error: boolean; helperText: string | undefined };
}) {
  const { t } = useTranslation();
  const candidates = candidatesOf(p.def, p.path);
  const simple = parseSimple(p.field.relevant);
  const initial: Mode = !p.field.relevant
    ? 'always'
    : simple && candidates.some((c) => c.name === simple.name)
      ? 'simple'
      : 'expression';
  const [mode, setMode] = useState<Mode>(initial);
  const id = `fb-${p.path.join('-')}-relevant`;
  const write = (name: string, value: string) => {
    const f = candidates.find((c) => c.name === name);
    if (!f) return p.onChange(undefined);
    p.onChange(
      f.kind === 'select_multiple' ? `selected(\${${name}}, '${value}')` : `\${${name}} = '${value}'`,
    );
  };
  const chosen = candidates.find((c) => c.name === simple?.name) ?? candidates[0];
  const choices = chosen?.choices && 'list' in chosen.choices ? (p.def.lists[chosen.choices.list] ?? []) : [];

  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('geokeeper.builder.relevantTitle')}</FormLabel>
      <RadioGroup
        row
        value={mode}
        onChange={(e) => {
          const m = e.target.value as Mode;
          setMode(m);
          if (m === 'always') p.onChange(undefined);
          if (m === 'simple' && chosen && choices[0] && !simple) write(chosen.name, choices[0].value);
        }}
      >
        <FormControlLabel value="always" control={<Radio />} label={t('geokeeper.builder.relevantAlways')} />
        <FormControlLabel value="simple" control={<Radio />} label={t('geokeeper.builder.relevantSimple')} />
        <FormControlLabel
          value="expression"
          control={<Radio />}
          label={t('geokeeper.builder.relevantExpression')}
        />
      </RadioGroup>
      {mode === 'simple' &&
        (chosen ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <TextField
              id={`${id}-field`}
              select
              label={t('geokeeper.builder.relevantField')}
              value={chosen.name}
              onChange={(e) => {
                const f = candidates.find((c) => c.name === e.target.value);
                const list = f?.choices && 'list' in f.choices ? p.def.lists[f.choices.list] : undefined;
                write(e.target.value, list?.[0]?.value ?? '');
              }}
              sx={{ flex: 1 }}
            >
              {candidates.map((c) => (
                <MenuItem key={c.name} value={c.name}>
                  {c.label || c.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              id={`${id}-value`}
              select
              label={t(
                chosen.kind === 'select_multiple'
                  ? 'geokeeper.builder.relevantIncludes'
                  : 'geokeeper.builder.relevantValue',
              )}
              value={simple?.name === chosen.name ? simple.value : ''}
              onChange={(e) => write(chosen.name, e.target.value)}
              sx={{ flex: 1 }}
            >
              {choices.map((c) => (
                <MenuItem key={c.value} value={c.value}>
                  {c.label || c.value}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('geokeeper.builder.relevantNoCandidates')}
          </Typography>
        ))}
      {mode === 'expression' && (
        <TextField
          id={id}
          label={t('geokeeper.builder.relevant')}
          value={p.field.relevant ?? ''}
          onChange={(e) => p.onChange(e.target.value || undefined)}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
          {...p.help}
        />
      )}
      {mode === 'simple' && p.help.error && (
        <Typography variant="caption" color="error" role="alert">
          {p.help.helperText}
        </Typography>
      )}
    </FormControl>
  );
}
