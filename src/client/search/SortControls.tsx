import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { IconButton, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { keyLabel } from './search-labels';
import { defaultOrder, sortOptions, type Order, type SortKey } from './search-model';

export interface SortControlsProps {
  type: ItemType | undefined;
  withText: boolean;
  sort: SortKey;
  onSort(key: string, order: Order): void;
}

/** Sort by one key, ascending or descending. */
export function SortControls({ type, withText, sort, onSort }: SortControlsProps) {
  const { t } = useTranslation();
  const options = sortOptions(type, withText);
  if (!options.includes(sort.key)) options.push(sort.key);
  const flip: Order = sort.order === 'asc' ? 'desc' : 'asc';
  const orderLabel = t(`search.sort.${sort.order}`);
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('search.sort.label')}
        value={sort.key}
        onChange={(e) =>
          onSort(e.target.value, defaultOrder(e.target.value, type?.allProperties[e.target.value]))
        }
        sx={{ minWidth: 160 }}
      >
        {options.map((k) => (
          <MenuItem key={k} value={k}>
            {keyLabel(t, type?.name ?? null, k)}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={t('search.sort.change', { order: orderLabel })}>
        <IconButton
          aria-label={t('search.sort.change', { order: orderLabel })}
          onClick={() => onSort(sort.key, flip)}
          size="small"
        >
          {sort.order === 'asc' ? (
            <ArrowUpwardIcon fontSize="small" />
          ) : (
            <ArrowDownwardIcon fontSize="small" />
          )}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
