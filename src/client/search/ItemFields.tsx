import { Box, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { itemType } from '../items/item-label';
import type { Item } from '../state/items';
import { cellText, keyLabel } from './search-labels';
import { useLovLabel } from './useLovLabel';

/** A few fields of an item (its type's default headers) as a definition list. */
export function ItemFields({
  item,
  max = 4,
  keys,
  hide = [],
}: {
  item: Item;
  max?: number;
  /** These fields instead of the type's list headers. */
  keys?: readonly string[];
  /** Fields left out (a flashcard's covered answer). */
  hide?: readonly string[];
}) {
  const { t } = useTranslation();
  const type = itemType(item._t);
  const lov = useLovLabel([type]);
  const rows = (keys ?? type?.defaultHeaders ?? ['_c', '_c.ts'])
    .filter((k) => !hide.includes(k))
    .map((k) => [k, cellText(t, type, item, k, lov)] as const)
    .filter(([, v]) => v !== '')
    .slice(0, max);
  if (!rows.length) return null;
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: 1,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 1,
        rowGap: 0.25,
      }}
    >
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {keyLabel(t, item._t, k)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {v}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
