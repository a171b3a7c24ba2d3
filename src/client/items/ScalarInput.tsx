import { InputAdornment, TextField } from '@mui/material';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyDef, StringFormat } from '../../kernel/property';
import { useApp } from '../state/app-context';
import { EnumSelect } from './EnumSelect';
import { LovSelect } from './LovSelect';

export interface ScalarInputProps {
  prop: PropertyDef;
  value: string;
  onChange(v: string): void;
  onBlur?(): void;
  label: string;
  required?: boolean;
  /** The translated error, shown as helper text. */
  error?: string | undefined;
  /** Marks the input invalid without a message of its own (entries of a list). */
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  owner: string | null;
}

const FORMAT_TYPES: Partial<Record<StringFormat, string>> = { email: 'email', url: 'url', phone: 'tel' };

/** One scalar value: text, string (by format), number, date, date-time, enum or list of values. */
export function ScalarInput(p: ScalarInputProps) {
  const { t } = useTranslation();
  const { config } = useApp();
  const { prop } = p;
  if (prop.kind === 'enum') return <EnumSelect {...p} />;
  // Agreement and Import kinds are a choice among the registered ones, not free text.
  if (prop.registeredKind)
    return <EnumSelect {...p} prop={{ ...prop, values: config.kinds?.[prop.registeredKind] ?? [] }} />;
  if (prop.kind === 'lov') return <LovSelect {...p} />;
  let type: string | undefined = 'text';
  let shrink = false;
  let hint: string | undefined;
  let placeholder: string | undefined;
  let inputMode: 'decimal' | 'numeric' | undefined;
  switch (prop.kind) {
    case 'text':
      type = undefined;
      break;
    case 'string':
      type = (prop.format && FORMAT_TYPES[prop.format]) ?? 'text';
      break;
    case 'number':
      inputMode =
        !prop.money && (prop.numberKind === 'INTEGER' || prop.numberKind === 'NATURAL')
          ? 'numeric'
          : 'decimal';
      if (prop.money) hint = t('item.moneyHint');
      break;
    case 'date':
      if (prop.impreciseDate) {
        hint = t('item.impreciseDateHint');
        placeholder = 'YYYY-MM-DD';
      } else {
        type = 'date';
        shrink = true;
      }
      break;
    case 'dateTime':
      type = 'datetime-local';
      shrink = true;
      break;
    default:
      break;
  }
  return (
    <TextField
      fullWidth
      label={p.label}
      required={p.required}
      error={!!p.error || p.invalid === true}
      helperText={p.error ?? hint}
      type={type}
      multiline={prop.kind === 'text'}
      minRows={prop.kind === 'text' ? 2 : undefined}
      placeholder={placeholder}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      onBlur={p.onBlur}
      inputRef={p.inputRef}
      slotProps={{
        ...(shrink ? { inputLabel: { shrink: true } } : {}),
        htmlInput: { ...(inputMode ? { inputMode } : {}), readOnly: prop.kind === 'file' },
        ...(prop.money
          ? { input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }
          : {}),
      }}
    />
  );
}
