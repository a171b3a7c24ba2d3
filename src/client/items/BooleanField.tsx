import { FormControl, FormControlLabel, FormHelperText, Switch } from '@mui/material';
import { useId } from 'react';
import type { FieldProps } from './field-props';
import { usePropField } from './usePropField';

export function BooleanField({ name, label, required }: FieldProps) {
  const { field, error, onChange } = usePropField(name);
  const helperId = useId();
  return (
    <FormControl error={!!error}>
      <FormControlLabel
        label={label}
        required={required}
        control={
          <Switch
            checked={field.value === true}
            onChange={(_e, checked) => onChange(checked)}
            onBlur={field.onBlur}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-invalid': !!error,
                'aria-describedby': error ? helperId : undefined,
              },
            }}
          />
        }
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
