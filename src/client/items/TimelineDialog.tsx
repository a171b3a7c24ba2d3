import { useTranslation } from 'react-i18next';
import type { Item } from '../state/items';
import { InfoDialog } from './InfoDialog';
import { TimelineList } from './TimelineList';

export interface TimelineDialogProps {
  item: Item;
  onClose(): void;
}

/** The item's whole history (act/timeline), newest first, with the fields each change touched. */
export function TimelineDialog({ item, onClose }: TimelineDialogProps) {
  const { t } = useTranslation();
  return (
    <InfoDialog title={t('item.timelineTitle')} maxWidth="md" onClose={onClose}>
      <TimelineList item={item} />
    </InfoDialog>
  );
}
