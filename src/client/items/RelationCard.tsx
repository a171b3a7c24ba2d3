import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../search/search-labels';
import { TypeIcon } from '../search/TypeIcon';
import { useItem } from '../state/items';
import { displayValue } from './display';
import { itemLabel, itemType } from './item-label';
import { propLabel } from './labels';
import { headerFacts } from './record-model';
import { useSession } from '../state/app-context';

/**
 * What a relation chip's hover card shows: the related item's label, type and key facts. It is
 * mounted only while the card is open, so the item is read on the first hover, not for every
 * chip on the page; an item the reader may not open keeps the label the chip already has.
 */
export function RelationCard({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const q = useItem(id);
  const item = q.data;
  const type = item ? itemType(item._t) : undefined;
  const facts = item && type ? headerFacts(type, item, user?.admin === true) : [];
  const labels = item?.$labels ?? {};
  return (
    <Box sx={{ p: 0.5, maxWidth: 320 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {item && <TypeIcon type={item._t} fontSize="small" color="action" />}
        <Typography variant="subtitle2" component="span">
          {item ? itemLabel(item) : label}
        </Typography>
      </Stack>
      {item && (
        <Typography variant="caption" component="div" color="text.secondary">
          {typeLabel(t, item._t)}
        </Typography>
      )}
      {item && facts.length > 0 && (
        <Box
          component="dl"
          sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}
        >
          {facts.map(([name, prop]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {propLabel(t, item._t, name)}
              </Typography>
              <Typography component="dd" variant="caption" sx={{ m: 0, wordBreak: 'break-word' }}>
                {prop.kind === 'relation'
                  ? (Array.isArray(item[name]) ? (item[name] as string[]) : [String(item[name])])
                      .map((r) => labels[r] ?? r)
                      .join(', ')
                  : displayValue(t, prop, item[name])}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
