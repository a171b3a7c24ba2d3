import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ACCESS_LEVELS } from '../../protocol/access-levels';
import { ACCESS_FIELD } from './form-model';
import { accessLabel } from './labels';
import { usePropField } from './usePropField';

/** The visibility level as a select (PUBLIC, COMMUNITY, PROTECTED, PRIVATE). */
export function AccessSelect() {
  const { t } = useTranslation();
  const { field, error, onChange } = usePropField(ACCESS_FIELD);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <TextField
      select
      size="small"
      label={t('item.access')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!error}
      helperText={error}
      sx={{ minWidth: 200 }}
    >
      {ACCESS_LEVELS.map((level) => (
        <MenuItem key={level} value={level}>
          {accessLabel(t, level)}
        </MenuItem>
      ))}
    </TextField>
  );
}
