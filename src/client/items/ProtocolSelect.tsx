import { Autocomplete, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROTOCOL_TYPE } from '../../protocol/constants';
import { useApp, useSession } from '../state/app-context';
import { PROTOCOLS_FIELD, PROTOCOLS_STRICT_FIELD } from './form-model';
import { readSearchReply } from './lookups';
import { usePropField } from './usePropField';

/** The most protocols one organisation is expected to keep: a handful, in practice. */
const PROTOCOLS_MAX = 200;

/**
 * The protocols of the item's organisation that the user belongs to (the only ones they may
 * name: docs/access-model.md), with their labels.
 */
function useMyProtocols(owner: string | null) {
  const { client } = useApp();
  const { user } = useSession();
  return useQuery({
    queryKey: ['myProtocols', owner, user?.$id],
    enabled: !!owner && !!user,
    staleTime: 30_000,
    queryFn: async () => {
      const found = readSearchReply(
        await client.request('search/ids', {
          must: { _t: [PROTOCOL_TYPE], owner: [owner] },
          labels: true,
          max: PROTOCOLS_MAX,
        }),
      );
      if (found.ids.length === 0) return { ids: [] as string[], labels: found.labels };
      const rows = await client.request<Record<string, { members?: unknown; erred?: boolean }>>(
        'readMany/object',
        found.ids,
      );
      const mine = found.ids.filter((id) => {
        const m = rows[id]?.members;
        return Array.isArray(m) && m.includes(user!.$id);
      });
      return { ids: mine, labels: found.labels };
    },
  });
}

/**
 * The item's cultural protocols in the edit form: pick among the organisation's protocols the
 * user belongs to, and, with two or more, whether a reader must be in all of them. The item's
 * present protocols stay listed (with their names) even when the user is not in them all.
 */
export function ProtocolSelect({
  owner,
  labels,
}: {
  owner: string | null;
  labels: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const { field, error, onChange } = usePropField(PROTOCOLS_FIELD);
  const strict = usePropField(PROTOCOLS_STRICT_FIELD);
  const mine = useMyProtocols(owner);
  const value = Array.isArray(field.value) ? field.value : [];
  const options = [...new Set([...value, ...(mine.data?.ids ?? [])])];
  const name = (id: string) => mine.data?.labels[id] ?? labels[id] ?? t('item.protocolUnknown');
  if (!owner || (options.length === 0 && !mine.isLoading)) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
      <Autocomplete
        multiple
        size="small"
        options={options}
        value={value}
        loading={mine.isLoading}
        getOptionLabel={name}
        onChange={(_e, v) => onChange(v)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('item.protocols')}
            inputRef={field.ref}
            onBlur={field.onBlur}
            error={!!error}
            helperText={error ?? t('item.protocolsHelp')}
          />
        )}
        sx={{ minWidth: 240, maxWidth: 480 }}
      />
      {value.length > 1 && (
        <FormControlLabel
          control={
            <Checkbox
              checked={strict.field.value === true}
              onChange={(e) => strict.onChange(e.target.checked)}
            />
          }
          label={t('item.protocolsStrict')}
        />
      )}
    </Stack>
  );
}
