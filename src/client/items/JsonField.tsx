import { TextField } from '@mui/material';
import type { FieldProps } from './field-props';
import { usePropField } from './usePropField';

/** JSON and geometry values as JSON text; text that does not parse gives errors.invalidJsonText. */
export function JsonField({ name, label, required }: FieldProps) {
  const { field, error, onChange } = usePropField(name);
  return (
    <TextField
      fullWidth
      multiline
      minRows={3}
      label={label}
      required={required}
      error={!!error}
      helperText={error}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(e) => onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
    />
  );
}
