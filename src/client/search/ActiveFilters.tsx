import { Button, Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { keyLabel, valueLabel } from './search-labels';
import { useLovLabel } from './useLovLabel';
import { activeFilters, type FilterValue, type SearchState } from './search-model';

export interface ActiveFiltersProps {
  state: SearchState;
  type: ItemType | undefined;
  /** Labels the server gave relation values in the facets. */
  labels: Record<string, string>;
  onRemove(key: string, value: FilterValue): void;
  onClear(): void;
}

/** The chosen filters as chips; Delete, Backspace or the chip's cross takes one away. */
export function ActiveFilters({ state, type, labels, onRemove, onClear }: ActiveFiltersProps) {
  const { t } = useTranslation();
  const lov = useLovLabel([type]);
  const list = activeFilters(state);
  if (!list.length) return null;
  return (
    <Stack
      component="ul"
      direction="row"
      aria-label={t('search.activeFilters')}
      sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1, alignItems: 'center' }}
    >
      {list.map(({ key, value }) => {
        const label = t('search.filterChip', {
          facet: keyLabel(t, type?.name ?? null, key),
          value: valueLabel(t, type, key, value, typeof value === 'string' ? labels[value] : undefined, lov),
        });
        return (
          <li key={`${key}=${String(value)}`}>
            <Chip
              label={label}
              color="primary"
              variant="outlined"
              onClick={() => onRemove(key, value)}
              onDelete={() => onRemove(key, value)}
              aria-label={t('search.removeFilter', { label })}
            />
          </li>
        );
      })}
      {list.length > 1 && (
        <li>
          <Button size="small" onClick={onClear}>
            {t('search.clearFilters')}
          </Button>
        </li>
      )}
    </Stack>
  );
}
