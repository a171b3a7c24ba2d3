import { Box, Button, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import type { FacetBucket } from '../../protocol/query';
import { bucketLabel, keyLabel } from './search-labels';
import { useLovLabel } from './useLovLabel';
import { bucketFilterValue, isSelected, type FilterValue, type SearchState } from './search-model';

const SHOWN = 8;

export interface FacetPanelProps {
  id: string;
  keys: readonly string[];
  facets: Record<string, FacetBucket[]>;
  state: SearchState;
  /** The type the results are of, when there is one. */
  type: ItemType | undefined;
  onToggle(key: string, value: FilterValue): void;
}

/** The facets: counts per value; a click filters by the value, a second click takes it away. */
export function FacetPanel({ id, keys, facets, state, type, onToggle }: FacetPanelProps) {
  const { t } = useTranslation();
  const shown = keys.filter((k) => (facets[k]?.length ?? 0) > 0);
  return (
    <Box id={id} component="aside" aria-label={t('search.facetsRegion')} sx={{ minWidth: 0 }}>
      {shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('search.noFacets')}
        </Typography>
      )}
      {shown.map((key) => (
        <Facet
          key={key}
          facetKey={key}
          buckets={facets[key]!}
          state={state}
          type={type}
          onToggle={onToggle}
        />
      ))}
    </Box>
  );
}

function Facet({
  facetKey,
  buckets,
  state,
  type,
  onToggle,
}: {
  facetKey: string;
  buckets: FacetBucket[];
  state: SearchState;
  type: ItemType | undefined;
  onToggle(key: string, value: FilterValue): void;
}) {
  const { t } = useTranslation();
  const lov = useLovLabel([type]);
  const headingId = useId();
  const [all, setAll] = useState(false);
  const prop = type?.allProperties[facetKey];
  const list = all ? buckets : buckets.slice(0, SHOWN);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
        {keyLabel(t, type?.name ?? null, facetKey)}
      </Typography>
      <List dense disablePadding>
        {list.map((b) => {
          const value = bucketFilterValue(facetKey, b, prop);
          const selected = isSelected(state, facetKey, value);
          const label = bucketLabel(t, type, facetKey, b, lov);
          return (
            <ListItem key={String(b.value)} disablePadding>
              <ListItemButton
                selected={selected}
                aria-pressed={selected}
                onClick={() => onToggle(facetKey, value)}
                sx={{ borderRadius: 1, py: 0.25 }}
              >
                <ListItemText
                  primary={label}
                  slotProps={{ primary: { variant: 'body2', sx: { wordBreak: 'break-word' } } }}
                />
                <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {b.count}
                </Typography>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {buckets.length > SHOWN && (
        <Button size="small" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? t('search.showLess') : t('search.showMore', { n: buckets.length - SHOWN })}
        </Button>
      )}
    </Box>
  );
}
