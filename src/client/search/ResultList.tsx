import { List } from '@mui/material';
import { ResultRow } from './ResultRow';
import { useTranslation } from 'react-i18next';

export interface ResultViewProps {
  ids: readonly string[];
  labels: Record<string, string>;
  /** The item now open in the next cell. */
  openId: string | null;
  onOpen(id: string): void;
}

/** LIST: icon, label and type name; a click (or Enter) opens the item in the next cell. */
export function ResultList({ ids, labels, openId, onOpen }: ResultViewProps) {
  const { t } = useTranslation();
  return (
    <List aria-label={t('search.results')} dense>
      {ids.map((id) => (
        <ResultRow key={id} id={id} label={labels[id] ?? id} open={openId === id} onOpen={onOpen} />
      ))}
    </List>
  );
}
