import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormValue, FormValues } from './form-model';

/**
 * One form field: its react-hook-form controller, its error translated (errors are stored as
 * rule keys), and an onChange that clears the error once the user edits the value.
 */
export function usePropField(name: string) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<FormValues>();
  const { field, fieldState } = useController({ name, control });
  const key = fieldState.error?.message;
  return {
    field,
    error: key ? t(key) : undefined,
    onChange(v: FormValue) {
      field.onChange(v);
      if (key) clearErrors(name);
    },
  };
}
