import { Autocomplete, TextField, type AutocompleteRenderInputParams } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSearchReply, useApp } from '../../../../client/module-api';
import type { Clause } from '../../../../protocol/query';

const DEBOUNCE_MS = 250;
const MAX = 20;

export interface PickerValue {
  ids: string[];
  labels: Record<string, string>;
}

export interface SearchPickerProps {
  id?: string;
  label: string;
  /** The search's `must` (types and narrowing, e.g. a Contact's `_related` organisation). */
  must: Clause;
  multiple?: boolean;
  value: PickerValue;
  onChange(v: PickerValue): void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  required?: boolean;
}

/**
 * A picker over search/ids, narrowed by a clause the generic relation field cannot take (only
 * the chosen organisation's contacts; only communities). Blocked accounts are never offered.
 * What it offers is what the policy lets the user find.
 */
export function SearchPicker(p: SearchPickerProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const [input, setInput] = useState('');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setText(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const q = useQuery({
    queryKey: ['consultPicker', p.must, text],
    queryFn: async () =>
      readSearchReply(
        await client.request('search/ids', {
          must: { ...p.must, ...(text ? { $text: [text] } : {}) },
          max: MAX,
          labels: true,
          excludeBlocked: true,
        }),
      ),
    enabled: open && !p.disabled,
    // The last answer for the same narrowing stays listed while the next words load: else each
    // pause in typing emptied the list to "Loading…" and an option being clicked vanished
    // between press and release (the click was lost, most often on a slow phone). Another
    // narrowing (another organisation's contacts) never shows the previous one's.
    placeholderData: (previous, last) =>
      last && JSON.stringify(last.queryKey[1]) === JSON.stringify(p.must) ? previous : undefined,
    retry: false,
    staleTime: 30_000,
  });
  const labels = { ...p.value.labels, ...(q.data?.labels ?? {}) };
  const options = [...new Set([...(q.data?.ids ?? []), ...p.value.ids])];
  const labelOf = (id: string) => labels[id] ?? id;
  const common = {
    id: p.id,
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    options,
    disabled: p.disabled,
    loading: q.isFetching,
    // The server's answer is the filter; but while the words typed are not yet asked (the
    // debounce), the shown answer is narrowed to them here, so the list does not reshuffle
    // under a pointer when the answer for those words arrives.
    filterOptions: (o: string[]) => {
      const typed = input.trim().toLocaleLowerCase();
      if (typed === text.toLocaleLowerCase()) return o;
      return o.filter((id) => labelOf(id).toLocaleLowerCase().includes(typed));
    },
    getOptionLabel: labelOf,
    onInputChange: (_e: unknown, v: string, reason: string) => {
      if (reason === 'input') setInput(v);
    },
    noOptionsText: t('consult.picker.none'),
    loadingText: t('consult.picker.loading'),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={p.label}
        required={p.required}
        error={!!p.error}
        helperText={p.error ?? p.helperText}
      />
    ),
  };
  const pick = (ids: string[]) =>
    p.onChange({ ids, labels: Object.fromEntries(ids.map((id) => [id, labelOf(id)])) });
  return p.multiple ? (
    <Autocomplete<string, true> {...common} multiple value={p.value.ids} onChange={(_e, v) => pick(v)} />
  ) : (
    <Autocomplete<string, false>
      {...common}
      value={p.value.ids[0] ?? null}
      onChange={(_e, v) => pick(v ? [v] : [])}
    />
  );
}
