import { List } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Item } from '../state/items';
import { ResultRow } from './ResultRow';

export interface ResultViewProps {
  ids: readonly string[];
  labels: Record<string, string>;
  /** The item now open in the next cell. */
  openId: string | null;
  onOpen(id: string): void;
  /** The URL an item opens at (the list with the item beside it), for real links. */
  hrefOf(id: string): string;
}

/**
 * LIST: icon, label, the type's default headers, state and visibility; each row is a link to the
 * item (new tab, middle click), and a plain click (or Enter) opens it in the next cell.
 */
export function ResultList({
  ids,
  labels,
  openId,
  onOpen,
  hrefOf,
  items,
  showType,
}: ResultViewProps & { items: Record<string, Item>; showType: boolean }) {
  const { t } = useTranslation();
  return (
    <List aria-label={t('search.results')} dense disablePadding>
      {ids.map((id) => (
        <ResultRow
          key={id}
          id={id}
          label={labels[id] ?? id}
          open={openId === id}
          item={items[id]}
          showType={showType}
          href={hrefOf(id)}
          onOpen={onOpen}
        />
      ))}
    </List>
  );
}
