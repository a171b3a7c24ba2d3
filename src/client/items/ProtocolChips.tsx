import DiversityIcon from '@mui/icons-material/Diversity3';
import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The cultural protocols an item is restricted to, read-only (docs/access-model.md "Cultural
 * protocols"): one chip saying who may see it, e.g. "Only: Elders" or "Only people in all of:
 * Elders, Women's knowledge". A protocol the reader may not read shows as "a protocol".
 */
export function ProtocolChips({
  ids,
  strict,
  labels,
}: {
  ids: readonly string[];
  strict: boolean;
  labels: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  const names = ids.map((id) => labels[id] ?? t('item.protocolUnknown')).join(', ');
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }} data-protocols>
      <Chip
        size="small"
        variant="outlined"
        color="secondary"
        icon={<DiversityIcon />}
        label={t(strict && ids.length > 1 ? 'item.protocolsAll' : 'item.protocolsAny', { names })}
        sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
      />
    </Stack>
  );
}
