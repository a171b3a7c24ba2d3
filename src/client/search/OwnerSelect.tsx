import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/app-context';
import { useOrgLabels } from './useOrgLabels';

/** The organisation an item belongs to, among the user's memberships. */
export function OwnerSelect({
  value,
  onChange,
  label,
  error,
  helperText,
  autoFocus,
}: {
  value: string;
  onChange(org: string): void;
  label: string;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const orgs = (user?.memberships ?? []).map((m) => m.org);
  const names = useOrgLabels(orgs);
  return (
    <TextField
      select
      fullWidth
      required
      autoFocus={autoFocus}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      helperText={helperText ?? (orgs.length ? undefined : t('search.noMemberships'))}
    >
      {orgs.map((o) => (
        <MenuItem key={o} value={o}>
          {names[o] ?? o}
        </MenuItem>
      ))}
    </TextField>
  );
}
