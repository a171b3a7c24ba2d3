import { Chip, Stack } from '@mui/material';

export interface RelationChipsProps {
  ids: readonly string[];
  labels: Record<string, string>;
  /** Opens the related item in the next cell. */
  onOpen(id: string): void;
}

/** Related items as chips labelled from $labels (else the id); a click opens the item. */
export function RelationChips({ ids, labels, onOpen }: RelationChipsProps) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {ids.map((id) => (
        <Chip key={id} size="small" label={labels[id] ?? id} onClick={() => onOpen(id)} />
      ))}
    </Stack>
  );
}
