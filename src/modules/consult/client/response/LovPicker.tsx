import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLov } from '../../../../client/module-api';

/**
 * A choice from one of the owning organisation's lists of values (RWF_OUTCOMES, …): archived
 * entries are offered only when one is the current value.
 */
export function LovPicker(p: {
  list: string;
  owner: string | null;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const lov = useLov(p.list, p.owner);
  const entries = [...(lov.entries?.values() ?? [])].filter((e) => !e.archived || e.key === p.value);
  if (p.value && !entries.some((e) => e.key === p.value))
    entries.unshift({ key: p.value, label: p.value, archived: false });
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={p.label}
      required={p.required}
      disabled={p.disabled}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      error={!!p.error || lov.failed}
      helperText={
        p.error ?? (lov.failed ? t('consult.response.lovFailed') : lov.loading ? t('app.loading') : undefined)
      }
    >
      <MenuItem value="">
        <em>{t('item.none')}</em>
      </MenuItem>
      {entries.map((e) => (
        <MenuItem key={e.key} value={e.key}>
          {e.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The label of a list value, or the value itself while the list loads. */
export function useLovLabel(list: string, owner: string | null, value: unknown): string | null {
  const lov = useLov(list, owner);
  if (typeof value !== 'string' || !value) return null;
  return lov.entries?.get(value)?.label ?? value;
}
