import { Autocomplete, Box, Chip, TextField, Typography, type ChipProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-props';
import { RELATION_MIN_CHARS } from './lookups';
import { usePropField } from './usePropField';
import { useRelationSearch } from './useRelationSearch';
import { typeLabel } from '../search/search-labels';
import { tryParseId } from '../../protocol/ids';

export interface RelationFieldProps extends FieldProps {
  /** The item's $labels. */
  labels: Record<string, string>;
  onOpen(id: string): void;
}

type ItemProps = ChipProps & { key?: number };

/**
 * A relation as an Autocomplete that searches (search/ids) once two characters are typed.
 * Values show as chips; a click on a chip opens that item in the next cell.
 */
export function RelationField({ name, prop, label, required, labels, onOpen }: RelationFieldProps) {
  const { t } = useTranslation();
  const { field, error, onChange } = usePropField(name);
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<Record<string, string>>({});
  const search = useRelationSearch(prop.types, input);
  const multiple = prop.list === true;
  const current: string[] = Array.isArray(field.value)
    ? field.value
    : typeof field.value === 'string' && field.value
      ? [field.value]
      : [];
  const known = (id: string): string | undefined => picked[id] ?? labels[id] ?? search.labels[id];
  // A stored link with no label is one the reader may not read (the item's $labels leave it
  // out): named as such, never by its id, and not theirs to remove (the server keeps it).
  const labelOf = (id: string) => known(id) ?? t('item.notShown');
  const options = [...new Set([...current, ...search.ids])];
  const noOptionsText = search.tooShort
    ? t('item.typeToSearch', { n: RELATION_MIN_CHARS })
    : search.failed
      ? t('item.searchFailed')
      : t('item.noMatches');

  function change(v: string | string[] | null) {
    const ids = v === null ? [] : Array.isArray(v) ? v : [v];
    const found: Record<string, string> = {};
    for (const id of ids) if (search.labels[id]) found[id] = search.labels[id];
    setPicked((p) => ({ ...p, ...found }));
    onChange(multiple ? ids : (ids[0] ?? ''));
  }

  return (
    <Autocomplete<string, boolean, false, false>
      multiple={multiple}
      value={multiple ? current : (current[0] ?? null)}
      options={options}
      filterOptions={(o) => o}
      filterSelectedOptions
      getOptionLabel={labelOf}
      inputValue={input}
      onInputChange={(_e, v, reason) => setInput(reason === 'reset' ? '' : v)}
      onChange={(_e, v) => change(v)}
      onBlur={field.onBlur}
      loading={search.loading}
      loadingText={t('item.searching')}
      noOptionsText={noOptionsText}
      renderOption={(props, id) => {
        const { key: _key, ...liProps } = props as typeof props & { key?: string };
        return (
          <Box component="li" key={id} {...liProps}>
            <Box>
              <Typography>{labelOf(id)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {typeLabel(t, tryParseId(id)?.type ?? '')}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderValue={(value, getItemProps) => {
        const ids = Array.isArray(value) ? value : value === null ? [] : [value];
        const props = getItemProps as (a: { index: number }) => ItemProps;
        return ids.map((id, index) => {
          const { key: _key, onDelete, ...itemProps } = props({ index });
          if (known(id) === undefined)
            return <Chip key={id} {...itemProps} size="small" variant="outlined" label={labelOf(id)} />;
          return (
            <Chip
              key={id}
              {...itemProps}
              onDelete={onDelete}
              size="small"
              label={labelOf(id)}
              onClick={() => onOpen(id)}
            />
          );
        });
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={!!error}
          helperText={error}
          inputRef={field.ref}
        />
      )}
    />
  );
}
