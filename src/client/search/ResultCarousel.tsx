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
import { ResultActionSlot } from './ResultActionSlot';
import type { ResultViewProps } from './ResultList';
import { typeLabel } from './search-labels';
import { typeOfId } from './suggestions';
import { TypeIcon } from './TypeIcon';
import { itemType } from '../items/item-label';
import { CardImage } from './CardImage';

/** CAROUSEL: one result at a time; the arrows (buttons or keys) step through and wrap around. */
export function ResultCarousel({
  ids,
  labels,
  onOpen,
  items,
}: ResultViewProps & { items: Record<string, Item> }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  // Flashcards (ItemTypeDef.carouselReveal): each card starts with its answer covered.
  const [revealed, setRevealed] = useState(false);
  const n = ids.length;
  if (!n) return null;
  const i = Math.min(index, n - 1);
  const id = ids[i]!;
  const type = typeOfId(id);
  const covers = itemType(type)?.carouselReveal ?? [];
  const step = (d: number) => {
    setIndex((i + d + n) % n);
    setRevealed(false);
  };
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
          data-result={id}
          sx={{ flex: 1, minHeight: 200 }}
        >
          <CardImage type={itemType(type)} item={items[id]} height={260} />
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
            {items[id] && <ItemFields item={items[id]} max={6} hide={covers} />}
            {items[id] && covers.length > 0 && (
              <Box data-flashcard-answer sx={{ mt: 1 }}>
                {revealed ? (
                  <ItemFields item={items[id]} keys={covers} max={covers.length} />
                ) : (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {t('search.carousel.covered')}
                  </Typography>
                )}
              </Box>
            )}
          </CardContent>
          <CardActions>
            <ResultActionSlot item={items[id]} label={labels[id] ?? id} />
            {covers.length > 0 && (
              <Button variant="contained" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
                {t(revealed ? 'search.carousel.hideAgain' : 'search.carousel.reveal')}
              </Button>
            )}
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
