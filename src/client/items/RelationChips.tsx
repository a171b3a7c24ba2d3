import { Chip, Stack, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hiddenKey } from '../search/search-labels';
import { RelationCard } from './RelationCard';

export interface RelationChipsProps {
  ids: readonly string[];
  labels: Record<string, string>;
  /** Opens the related item in the next cell. */
  onOpen(id: string): void;
}

// The hover card looks like a small paper card, not a dark tooltip: it holds a record's facts.
const CARD_SLOTS = {
  tooltip: {
    sx: {
      bgcolor: 'background.paper',
      color: 'text.primary',
      border: 1,
      borderColor: 'divider',
      boxShadow: 3,
      p: 1.5,
      maxWidth: 340,
    },
  },
} as const;

/**
 * Related items as chips labelled from $labels (else the id); a click opens the item. Hovering
 * or focusing a chip shows a card with the item's type and key facts (RelationCard).
 */
export function RelationChips({ ids, labels, onOpen }: RelationChipsProps) {
  const { t } = useTranslation();
  // One the reader may not read comes with no label: a word for it, once, never its id, and
  // nothing to open.
  const hidden = [...new Set(ids.filter((id) => labels[id] === undefined).map(hiddenKey))];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {hidden.map((key) => (
        <Chip key={key} size="small" variant="outlined" label={t(key)} />
      ))}
      {ids
        .filter((id) => labels[id] !== undefined)
        .map((id) => (
          <Tooltip
            key={id}
            title={<RelationCard id={id} label={labels[id] ?? id} />}
            enterDelay={400}
            enterNextDelay={200}
            describeChild
            slotProps={CARD_SLOTS}
          >
            <Chip size="small" label={labels[id] ?? id} onClick={() => onOpen(id)} />
          </Tooltip>
        ))}
    </Stack>
  );
}
