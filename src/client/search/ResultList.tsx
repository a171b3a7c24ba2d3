import { List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { typeLabel } from './search-labels';
import { typeOfId } from './suggestions';
import { TypeIcon } from './TypeIcon';

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
      {ids.map((id) => {
        const type = typeOfId(id);
        return (
          <ListItem key={id} disablePadding>
            <ListItemButton
              selected={openId === id}
              aria-current={openId === id ? 'true' : undefined}
              onClick={() => onOpen(id)}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <TypeIcon type={type} />
              </ListItemIcon>
              <ListItemText primary={labels[id] ?? id} secondary={typeLabel(t, type)} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
