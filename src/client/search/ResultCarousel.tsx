import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Item } from '../state/items';
import { ItemFields } from './ItemFields';
import type { ResultViewProps } from './ResultList';
import { typeLabel } from './search-labels';
import { typeOfId } from './suggestions';
import { TypeIcon } from './TypeIcon';

/** CAROUSEL: one result at a time; the arrows (buttons or keys) step through and wrap around. */
export function ResultCarousel({
  ids,
  labels,
  onOpen,
  items,
}: ResultViewProps & { items: Record<string, Item> }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const n = ids.length;
  if (!n) return null;
  const i = Math.min(index, n - 1);
  const id = ids[i]!;
  const type = typeOfId(id);
  const step = (d: number) => setIndex((i + d + n) % n);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'ArrowRight') step(1);
    else return;
    e.preventDefault();
  };
  const position = t('search.carousel.position', { n: i + 1, count: n });
  return (
    <Box
      role="region"
      aria-roledescription={t('search.carousel.role')}
      aria-label={t('search.results')}
      onKeyDown={onKeyDown}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Tooltip title={t('search.carousel.previous')}>
          <IconButton aria-label={t('search.carousel.previous')} onClick={() => step(-1)} disabled={n < 2}>
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Card
          variant="outlined"
          role="group"
          aria-roledescription={t('search.carousel.slide')}
          aria-label={position}
          sx={{ flex: 1, minHeight: 200 }}
        >
          <CardContent aria-live="polite">
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, color: 'text.secondary' }}>
              <TypeIcon type={type} fontSize="small" />
              <Typography variant="caption">{typeLabel(t, type)}</Typography>
              <Typography variant="caption" sx={{ ml: 'auto' }}>
                {position}
              </Typography>
            </Stack>
            <Typography component="h3" variant="h6">
              {labels[id] ?? id}
            </Typography>
            {items[id] && <ItemFields item={items[id]} max={6} />}
          </CardContent>
          <CardActions>
            <Button onClick={() => onOpen(id)}>
              {t('search.carousel.open', { label: labels[id] ?? id })}
            </Button>
          </CardActions>
        </Card>
        <Tooltip title={t('search.carousel.next')}>
          <IconButton aria-label={t('search.carousel.next')} onClick={() => step(1)} disabled={n < 2}>
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}
