import { Box, Chip, ListItem, ListItemButton, ListItemIcon, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { itemType } from '../items/item-label';
import { enumLabel } from '../items/labels';
import type { Item } from '../state/items';
import { AccessIcon } from './AccessIcon';
import { ItemBadgesSlot } from '../items/ItemBadgesSlot';
import { ResultActionSlot } from './ResultActionSlot';
import { isPlainClick } from '../shell/cell-href';
import { detailKeys, stateKeys } from './row-model';
import { cellText, typeLabel } from './search-labels';
import { typeOfId } from './suggestions';
import { TypeIcon } from './TypeIcon';
import { useLovLabel } from './useLovLabel';

export interface ResultRowProps {
  id: string;
  label: string;
  open: boolean;
  /** Text before the rest of the secondary line (a timeline's time). */
  detail?: string;
  /** The item as read (readMany): its default headers, state and visibility show. */
  item?: Item;
  /** Say the type too (lists of several types). */
  showType?: boolean;
  /**
   * The item's URL: the row is then a link, so it opens in a new tab or window as links do;
   * a plain click still opens it in the next cell (onOpen).
   */
  href?: string;
  onOpen(id: string): void;
}

/**
 * One result in a list: icon, label, and a secondary line of the type's default headers (formatted,
 * relations by their labels), with the state as a chip and the visibility as an icon. The row's
 * name is all of it, label first, as a screen reader reads a link (and as its visible text must).
 */
export function ResultRow(p: ResultRowProps) {
  const { t } = useTranslation();
  const typeName = p.item?._t ?? typeOfId(p.id);
  const type = itemType(typeName);
  const lov = useLovLabel([type]);
  const facts = p.item
    ? detailKeys(type)
        .map((k) => cellText(t, type, p.item!, k, lov))
        .filter(Boolean)
    : [];
  const parts = [p.detail, p.showType || !p.item ? typeLabel(t, typeName) : null, ...facts].filter(
    (x): x is string => !!x,
  );
  const states = p.item
    ? stateKeys(type).flatMap((k) => {
        const v = p.item![k];
        return typeof v === 'string' && v ? [enumLabel(t, v)] : [];
      })
    : [];
  const access = p.item?.$access;
  const onClick = (e: MouseEvent) => {
    if (p.href && !isPlainClick(e)) return;
    e.preventDefault();
    p.onOpen(p.id);
  };
  const link = p.href ? ({ component: 'a', href: p.href } as const) : {};
  return (
    <ListItem disablePadding data-result={p.id}>
      <ListItemButton
        {...link}
        selected={p.open}
        aria-current={p.open ? 'true' : undefined}
        onClick={onClick}
        sx={{ gap: 1, alignItems: 'center', borderRadius: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 32, color: 'text.secondary' }}>
          <TypeIcon type={typeName} fontSize="small" />
        </ListItemIcon>
        <Box sx={{ flex: '1 1 auto', minWidth: 0, py: 0.25 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
            {p.label}
          </Typography>
          <Typography
            component="span"
            variant="caption"
            color="text.secondary"
            noWrap
            sx={{ display: 'block' }}
          >
            {parts.join(' · ')}
          </Typography>
        </Box>
        <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexShrink: 0 }}>
          <ItemBadgesSlot item={p.item} interactive={false} />
          {states.map((s) => (
            <Chip key={s} label={s} size="small" variant="outlined" />
          ))}
          {access && <AccessIcon level={access} />}
        </Box>
      </ListItemButton>
      <ResultActionSlot item={p.item} label={p.label} />
    </ListItem>
  );
}
