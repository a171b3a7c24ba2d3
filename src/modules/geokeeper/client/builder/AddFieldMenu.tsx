import AddIcon from '@mui/icons-material/Add';
import { Button, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldKind } from '../../form/definition';
import { KindIcon } from './KindIcon';

// "Add a field": every kind, grouped as a lands officer thinks of them.
const GROUPS: { key: string; kinds: FieldKind[] }[] = [
  { key: 'answers', kinds: ['text', 'integer', 'decimal', 'date', 'time', 'datetime'] },
  { key: 'choices', kinds: ['select_one', 'select_multiple'] },
  { key: 'places', kinds: ['geopoint', 'geotrace', 'geoshape'] },
  { key: 'media', kinds: ['photo', 'video', 'audio'] },
  { key: 'layout', kinds: ['note', 'group', 'repeat'] },
];

export function AddFieldMenu(p: {
  onAdd(kind: FieldKind): void;
  /** The selected group's or repeat's label: the field goes inside it. */
  insideLabel: string | null;
  variant?: 'outlined' | 'text';
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label =
    p.insideLabel !== null
      ? t('geokeeper.builder.addInside', { label: p.insideLabel })
      : t('geokeeper.builder.add');
  return (
    <>
      <Button
        variant={p.variant ?? 'outlined'}
        startIcon={<AddIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        sx={{ minHeight: 44 }}
      >
        {label}
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 480 } } }}
      >
        {GROUPS.map((g) => (
          <Fragment key={g.key}>
            <ListSubheader sx={{ lineHeight: '32px' }}>
              {t(`geokeeper.builder.kindGroup.${g.key}`)}
            </ListSubheader>
            {g.kinds.map((k) => (
              <MenuItem
                key={k}
                onClick={() => {
                  setAnchor(null);
                  p.onAdd(k);
                }}
              >
                <ListItemIcon>
                  <KindIcon kind={k} fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t(`geokeeper.form.kind.${k}`)}</ListItemText>
              </MenuItem>
            ))}
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
