import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { enumLabel } from './labels';
import type { ScalarInputProps } from './ScalarInput';

/** A select of the property's values, labelled from enums.{VALUE} (humanized when missing). */
export function EnumSelect(p: ScalarInputProps) {
  const { t } = useTranslation();
  const values = [...(p.prop.values ?? [])];
  if (p.value && !values.includes(p.value)) values.unshift(p.value);
  return (
    <TextField
      select
      fullWidth
      label={p.label}
      required={p.required}
      error={!!p.error || p.invalid === true}
      helperText={p.error}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      onBlur={p.onBlur}
      inputRef={p.inputRef}
    >
      <MenuItem value="">
        <em>{t('item.none')}</em>
      </MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {enumLabel(t, v)}
        </MenuItem>
      ))}
    </TextField>
  );
}
