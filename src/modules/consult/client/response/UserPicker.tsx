import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelationSearch } from '../../../../client/module-api';

/**
 * One signed-in person (a User), found by typing two letters of their name or e-mail (blocked
 * accounts are never offered). The server decides whether that person may be assigned.
 */
export function UserPicker(p: {
  label: string;
  value: string | null;
  onChange(id: string | null, label: string | null): void;
  exclude?: readonly string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>({});
  const search = useRelationSearch(['User'], input);
  const options = search.ids.filter((id) => !p.exclude?.includes(id));
  const labelOf = (id: string) => labels[id] ?? search.labels[id] ?? id;
  return (
    <Autocomplete<string, false, false, false>
      value={p.value}
      options={p.value && !options.includes(p.value) ? [p.value, ...options] : options}
      filterOptions={(o) => o}
      getOptionLabel={labelOf}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, v) => {
        if (v && search.labels[v]) setLabels((l) => ({ ...l, [v]: search.labels[v]! }));
        p.onChange(v, v ? (search.labels[v] ?? labels[v] ?? v) : null);
      }}
      loading={search.loading}
      disabled={p.disabled}
      noOptionsText={
        search.tooShort
          ? t('item.typeToSearch', { n: 2 })
          : search.failed
            ? t('item.searchFailed')
            : t('item.noMatches')
      }
      sx={{ minWidth: 220, maxWidth: 420, flexGrow: 1 }}
      renderInput={(params) => <TextField {...params} size="small" label={p.label} />}
    />
  );
}
