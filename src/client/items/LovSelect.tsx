import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { lovOptions } from './lookups';
import type { ScalarInputProps } from './ScalarInput';
import { useLovFor } from './useLov';

/**
 * A select fed by the property's list of values. Archived values are hidden unless current.
 * When the list cannot be loaded the value is typed as free text.
 */
export function LovSelect(p: ScalarInputProps) {
  const { t } = useTranslation();
  const lov = useLovFor(p.prop.lov, p.owner, typeof p.value === 'string' ? [p.value] : []);
  const common = {
    fullWidth: true,
    label: p.label,
    required: p.required,
    error: !!p.error || p.invalid === true,
    value: p.value,
    onChange: (e: { target: { value: string } }) => p.onChange(e.target.value),
    onBlur: p.onBlur,
    inputRef: p.inputRef,
  };
  if (lov.failed) return <TextField {...common} helperText={p.error ?? t('item.lovUnavailable')} />;
  const options = lovOptions(lov.entries ?? new Map(), p.value);
  return (
    <TextField {...common} select helperText={p.error ?? (lov.loading ? t('app.loading') : undefined)}>
      <MenuItem value="">
        <em>{t('item.none')}</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.key} value={o.key}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
