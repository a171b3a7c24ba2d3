import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { TypeIcon } from '../search/TypeIcon';
import { useCellLink } from '../shell/cell-href';

/**
 * A row that is a real link to an item: a plain click opens it as the next cell, a middle click
 * or Ctrl+click in a new tab (the address is the one the cell would get). `open`: the item is
 * the one open in the next cell now. Dashboard cards and a record's sections list items with it.
 */
export function ItemLinkRow(p: {
  id: string;
  type: string;
  primary: string;
  secondary?: ReactNode;
  open?: boolean;
}) {
  const link = useCellLink()(`i-${p.id}`);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component="a"
        href={link.href}
        onClick={link.onClick}
        selected={p.open}
        aria-current={p.open ? 'true' : undefined}
        sx={{ borderRadius: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <TypeIcon type={p.type} fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={p.primary}
          secondary={p.secondary}
          slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
        />
      </ListItemButton>
    </ListItem>
  );
}
