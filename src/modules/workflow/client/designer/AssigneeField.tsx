import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useItemLabels, useRelationSearch, useSession } from '../../../../client/module-api';
import { holdsRoleIn } from '../panel/panel-model';

interface Props {
  /** The organisation whose people are offered. */
  owner: string | null;
  value: string | null;
  onChange(user: string | null): void;
  disabled?: boolean;
  error?: string;
  label?: string;
}

/**
 * A person of the organisation: for its orgAdmins and admins the organisation's members exactly
 * (act orgMembers, blocked accounts left out); for its editors the people they may read (the
 * policy lets members read the User items of their organisations' members), as they type. The
 * server decides whether the person may hold the step.
 */
export function AssigneeField({ owner, value, onChange, disabled, error, label }: Props) {
  const { t } = useTranslation();
  const { client } = useApp();
  const { user } = useSession();
  const [input, setInput] = useState('');
  const exact = !!owner && (user?.admin === true || holdsRoleIn(user, owner, 'orgAdmin'));
  const members = useQuery({
    queryKey: ['orgMembers', owner],
    queryFn: async () => (await client.act('orgMembers', { org: owner ?? '' })).members,
    enabled: exact,
    retry: false,
  });
  const found = useRelationSearch(exact ? [] : ['User'], exact ? '' : input);
  const valueLabels = useItemLabels(value ? [value] : []);
  const { options, labels } = useMemo(() => {
    if (exact) {
      const people = (members.data ?? []).filter((m) => !m.blocked);
      return {
        options: people.map((m) => m.userId),
        labels: Object.fromEntries(people.map((m) => [m.userId, m.label])),
      };
    }
    return { options: found.ids, labels: found.labels };
  }, [exact, members.data, found.ids, found.labels]);
  const nameOf = (id: string) => labels[id] ?? valueLabels[id] ?? id;

  return (
    <Autocomplete
      size="small"
      options={value && !options.includes(value) ? [value, ...options] : options}
      value={value}
      disabled={disabled}
      inputValue={input}
      onInputChange={(_, v) => setInput(v)}
      onChange={(_, v) => onChange(v)}
      getOptionLabel={nameOf}
      // The organisation's list is filtered here; the search already matched what was typed.
      filterOptions={
        exact
          ? (ids, s) => ids.filter((id) => nameOf(id).toLowerCase().includes(s.inputValue.toLowerCase()))
          : (x) => x
      }
      loading={exact ? members.isPending : found.loading}
      noOptionsText={!exact && found.tooShort ? t('workflow.personHelp') : t('workflow.noPeople')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('workflow.person')}
          required
          error={!!error}
          helperText={error ?? (!exact ? t('workflow.personHelp') : undefined)}
        />
      )}
    />
  );
}
