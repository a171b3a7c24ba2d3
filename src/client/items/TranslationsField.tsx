import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { JsonField } from './JsonField';
import { usePropField } from './usePropField';

type Row = { lang: string; text: string };

/** The rows of a translations value (JSON text of `{locale: label}`), or null if it is not one. */
export function translationRows(json: string): Row[] | null {
  if (json.trim() === '') return [];
  try {
    const v = JSON.parse(json) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
    const rows = Object.entries(v as Record<string, unknown>);
    if (rows.some(([, s]) => typeof s !== 'string')) return null;
    return rows.map(([lang, text]) => ({ lang, text: text as string }));
  } catch {
    return null;
  }
}

/** The JSON text stored for the rows; rows without a language or a label are left out. */
export function translationsJson(rows: Row[]): string {
  const filled = rows.filter((r) => r.lang.trim() && r.text.trim());
  if (filled.length === 0) return '';
  return JSON.stringify(Object.fromEntries(filled.map((r) => [r.lang.trim(), r.text])), null, 2);
}

function languageName(code: string, inLanguage: string): string | undefined {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code);
  } catch {
    return undefined;
  }
}

/**
 * Per-language labels (a LOVValue's `t`): one row per language, a language code and its label.
 * English and the reader's language are offered first. Anything that is not such a map falls
 * back to the JSON editor, so no value is ever lost.
 */
export function TranslationsField(props: FieldProps) {
  const { t, i18n } = useTranslation();
  const { field, error, onChange } = usePropField(props.name);
  const text = typeof field.value === 'string' ? field.value : '';
  const [rows, setRows] = useState<Row[] | null>(() => {
    const r = translationRows(text);
    if (!r) return null;
    const ui = i18n.language || 'en';
    for (const lang of ['en', ui]) if (!r.some((x) => x.lang === lang)) r.push({ lang, text: '' });
    return r;
  });
  if (!rows) return <JsonField {...props} />;
  const update = (next: Row[]) => {
    setRows(next);
    onChange(translationsJson(next));
  };
  const ui = i18n.language || 'en';
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={`${props.name}-help`}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {props.label}
        {props.required ? ' *' : ''}
      </Typography>
      <Stack spacing={1}>
        {rows.map((r, i) => {
          const name = languageName(r.lang, ui);
          return (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={t('lov.language')}
                value={r.lang}
                size="small"
                sx={{ width: 120 }}
                helperText={name && name !== r.lang ? name : ' '}
                onChange={(e) => update(rows.map((x, j) => (j === i ? { ...x, lang: e.target.value } : x)))}
                onBlur={field.onBlur}
                slotProps={{ htmlInput: { spellCheck: false, 'data-lang-code': i } }}
              />
              <TextField
                label={t('lov.labelIn', { language: name ?? r.lang })}
                value={r.text}
                size="small"
                fullWidth
                helperText=" "
                onChange={(e) => update(rows.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))}
                onBlur={field.onBlur}
                inputRef={i === 0 ? field.ref : undefined}
              />
              <IconButton
                aria-label={t('lov.removeLanguage', { language: name ?? r.lang })}
                onClick={() => update(rows.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button startIcon={<AddIcon />} size="small" onClick={() => setRows([...rows, { lang: '', text: '' }])}>
        {t('lov.addLanguage')}
      </Button>
      <FormHelperText id={`${props.name}-help`} error={!!error}>
        {error ?? t('lov.translationsHelp')}
      </FormHelperText>
    </Box>
  );
}
