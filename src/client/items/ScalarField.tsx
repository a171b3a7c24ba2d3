import type { FieldProps } from './field-props';
import { ScalarInput } from './ScalarInput';
import { usePropField } from './usePropField';

export function ScalarField({ name, prop, label, required, owner }: FieldProps) {
  const { field, error, onChange } = usePropField(name);
  return (
    <ScalarInput
      prop={prop}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={label}
      required={required}
      error={error}
      owner={owner}
    />
  );
}
