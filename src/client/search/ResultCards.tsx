import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Item } from '../state/items';
import { ItemFields } from './ItemFields';
import { ItemBadgesSlot } from '../items/ItemBadgesSlot';
import { ResultActionSlot } from './ResultActionSlot';
import type { ResultViewProps } from './ResultList';
import { isPlainClick } from '../shell/cell-href';
import { typeLabel } from './search-labels';
import { typeOfId } from './suggestions';
import { TypeIcon } from './TypeIcon';
import { CardImage } from './CardImage';
import { itemType } from '../items/item-label';

/** CARDS: a grid of cards with the type, the name and a few fields. */
export function ResultCards({
  ids,
  labels,
  openId,
  onOpen,
  hrefOf,
  items,
}: ResultViewProps & { items: Record<string, Item> }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('search.results')}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        gap: 2,
        listStyle: 'none',
        p: 0,
        m: 0,
      }}
    >
      {ids.map((id) => {
        const type = typeOfId(id);
        const item = items[id];
        return (
          <li key={id} data-result={id}>
            <Card
              variant="outlined"
              sx={{
                height: '100%',
                borderColor: openId === id ? 'primary.main' : undefined,
                display: 'flex',
                flexDirection: 'column',
              }}
            >
              <CardActionArea
                href={hrefOf(id)}
                onClick={(e) => {
                  if (!isPlainClick(e)) return;
                  e.preventDefault();
                  onOpen(id);
                }}
                aria-current={openId === id ? 'true' : undefined}
                sx={{
                  height: '100%',
                  alignItems: 'stretch',
                  justifyContent: 'flex-start',
                  display: 'flex',
                  flexDirection: 'column',
                }}
              >
                <CardImage type={itemType(type)} item={item} height={140} />
                <CardContent sx={{ width: '100%' }}>
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, color: 'text.secondary' }}>
                    <TypeIcon type={type} fontSize="small" />
                    <Typography variant="caption">{typeLabel(t, type)}</Typography>
                  </Stack>
                  <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {labels[id] ?? id}
                  </Typography>
                  {item && <ItemFields item={item} max={3} />}
                  <ItemBadgesSlot item={item} interactive={false} />
                </CardContent>
              </CardActionArea>
              <ResultActionSlot item={item} label={labels[id] ?? id} />
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
