import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { typeLabel } from './search-labels';
import { typeOfId } from './suggestions';
import { TypeIcon } from './TypeIcon';

/** One result in a list: icon, label and type (after `detail`, when given); opens the item. */
export function ResultRow(p: {
  id: string;
  label: string;
  open: boolean;
  detail?: string;
  onOpen(id: string): void;
}) {
  const { t } = useTranslation();
  const type = typeOfId(p.id);
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={p.open}
        aria-current={p.open ? 'true' : undefined}
        onClick={() => p.onOpen(p.id)}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <TypeIcon type={type} />
        </ListItemIcon>
        <ListItemText
          primary={p.label}
          secondary={p.detail ? `${p.detail} · ${typeLabel(t, type)}` : typeLabel(t, type)}
        />
      </ListItemButton>
    </ListItem>
  );
}
