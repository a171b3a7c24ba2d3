import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applyMenuItems,
  groupNav,
  navKey,
  useApp,
  useMenuItems,
  visibleNav,
} from '../../../../client/module-api';

/**
 * admin.menu-items: hide navigation entries for everyone and put the main ones in the order a
 * community uses them. Renaming an entry is wording: admin.systext, keys nav.*.
 */
export function MenuItemsView() {
  const { t } = useTranslation();
  const { config, client, alerts } = useApp();
  const menu = useMenuItems();
  // Every main entry an admin could see, in the current order (hidden ones included, to show them again).
  const all = useMemo(() => {
    const admin = { admin: true, capabilities: {} } as unknown as Parameters<typeof visibleNav>[1];
    return groupNav(
      applyMenuItems(visibleNav(config.nav, admin, config.keyCaps), { hidden: [], order: menu.order }),
    ).main;
  }, [config.nav, config.keyCaps, menu.order]);
  const [order, setOrder] = useState<string[]>([]);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setOrder(all.map((g) => g.path));
    setHidden(new Set(menu.hidden));
  }, [all, menu.hidden]);

  const move = (i: number, by: number) =>
    setOrder((o) => {
      const next = [...o];
      const [x] = next.splice(i, 1);
      next.splice(i + by, 0, x!);
      return next;
    });

  const save = async () => {
    setSaving(true);
    try {
      await client.act('menuItemsSave', { hidden: [...hidden], order });
      alerts.push({ type: 'success', key: 'app.applied' });
    } catch (e) {
      alerts.error(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('adminScreens.menuItems.intro')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('adminScreens.menuItems.renameHint')}
      </Alert>
      <List aria-label={t('adminScreens.menuItems.list')}>
        {order.map((path, i) => {
          const label = t(navKey(path));
          const shown = !hidden.has(path);
          return (
            <ListItem
              key={path}
              divider
              secondaryAction={
                <Stack direction="row">
                  <IconButton
                    aria-label={t('adminScreens.menuItems.up', { label })}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('adminScreens.menuItems.down', { label })}
                    disabled={i === order.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                </Stack>
              }
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  checked={shown}
                  onChange={() =>
                    setHidden((h) => {
                      const next = new Set(h);
                      if (shown) next.add(path);
                      else next.delete(path);
                      return next;
                    })
                  }
                  slotProps={{ input: { 'aria-label': t('adminScreens.menuItems.show', { label }) } }}
                />
              </ListItemIcon>
              <ListItemText primary={label} secondary={shown ? null : t('adminScreens.menuItems.hidden')} />
            </ListItem>
          );
        })}
      </List>
      <Button variant="contained" sx={{ mt: 2 }} disabled={saving} onClick={() => void save()}>
        {t('adminScreens.menuItems.save')}
      </Button>
    </Box>
  );
}
