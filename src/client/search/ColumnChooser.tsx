import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { Button, Checkbox, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { keyLabel } from './search-labels';
import { columnOptions } from './search-model';

/** The TABLE's columns: a menu of checkable keys. */
export function ColumnChooser({
  type,
  columns,
  onToggle,
}: {
  type: ItemType | undefined;
  columns: readonly string[];
  onToggle(key: string): void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={!!anchor}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('search.columns')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {columnOptions(type).map((key) => {
          const on = columns.includes(key);
          return (
            <MenuItem
              key={key}
              role="menuitemcheckbox"
              aria-checked={on}
              disabled={on && columns.length === 1}
              onClick={() => onToggle(key)}
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={on}
                  tabIndex={-1}
                  disableRipple
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText>{keyLabel(t, type?.name ?? null, key)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
