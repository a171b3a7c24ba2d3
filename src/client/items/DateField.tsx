import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import type { FieldEditorProps } from '../module-api';
import { isPartialFieldText, PICKER_FORMATS, pickerToForm, UNFINISHED_DATE } from './date-values';
import { usePropField } from './usePropField';

// The editor of exact dates and date-times (MUI X date pickers, DESIGN.md): typed or picked in
// DD-MMM-YYYY, as every date is shown (spec core §5). Its own chunk with dayjs, loaded with the
// first date field (field-editors.ts), never at start.

function fromForm(v: unknown): Dayjs | null {
  if (typeof v !== 'string' || v === '' || v === UNFINISHED_DATE) return null;
  // Both form formats are ISO shapes dayjs reads as local time.
  const d = dayjs(v);
  return d.isValid() ? d : null;
}

export function DateField({ name, prop, label, required, error }: FieldEditorProps) {
  const kind = prop.kind === 'dateTime' ? 'dateTime' : 'date';
  const { field, error: fieldError, onChange } = usePropField(name);
  // The picker keeps what is being typed (an unfinished date is no value the form can hold).
  const [local, setLocal] = useState<Dayjs | null>(() => fromForm(field.value));
  const formValue = typeof field.value === 'string' ? field.value : '';
  useEffect(() => {
    // The form changed it (Discard, a reload): show the form's value.
    if (pickerToForm(local, kind) !== formValue && formValue !== UNFINISHED_DATE)
      setLocal(fromForm(formValue));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the form's changes count
  }, [formValue, kind]);
  const hidden = useRef<HTMLInputElement | null>(null);
  const latest = useRef({ local, formValue });
  latest.current = { local, formValue };
  // "No value" from the picker may be a date partly typed (a section cleared or not yet filled):
  // once the field has drawn its sections, their text tells, and the form gets UNFINISHED_DATE,
  // which the validator refuses by name, rather than nothing, which would remove the date.
  const settle = () =>
    setTimeout(() => {
      const { local: now, formValue: held } = latest.current;
      if (now?.isValid()) return;
      const next = isPartialFieldText(hidden.current?.value ?? '') ? UNFINISHED_DATE : '';
      if (next !== held) onChange(next);
    }, 0);
  const change = (v: Dayjs | null) => {
    setLocal(v);
    if (v === null) settle();
    else onChange(pickerToForm(v, kind));
  };
  const message = fieldError ?? error;
  const common = {
    label,
    value: local,
    onChange: change,
    format: PICKER_FORMATS[kind],
    inputRef: (el: HTMLInputElement | null) => {
      hidden.current = el;
      field.ref(el);
    },
    slotProps: {
      textField: {
        fullWidth: true,
        required,
        error: !!message,
        helperText: message,
        onBlur: () => {
          field.onBlur();
          settle();
        },
        name,
      },
    },
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      {kind === 'dateTime' ? <DateTimePicker {...common} ampm={false} /> : <DatePicker {...common} />}
    </LocalizationProvider>
  );
}
