import { Typography } from '@mui/material';
import { useLovFor } from './useLov';

/** Values of a list of values as their labels (the keys while the list loads or if it fails). */
export function LovText({
  list,
  owner,
  values,
}: {
  list: string | undefined;
  owner: string | null;
  values: string[];
}) {
  const lov = useLovFor(list, owner, values);
  return <Typography>{values.map((v) => lov.entries?.get(v)?.label ?? v).join(', ')}</Typography>;
}
