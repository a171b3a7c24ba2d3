import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Badge, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApp, useSession } from '../state/app-context';
import { useWhatsNew } from '../whats-new/useWhatsNew';
import { menuDocPages } from './doc-pages';

/** The documentation menu (spec core §2): what's new with its unseen count, then the doc pages. */
export function DocsMenu() {
  const { t } = useTranslation();
  const { unseen } = useWhatsNew();
  // What's new is kept per person: signed out, the menu holds the help pages only.
  const signedIn = !!useSession().user;
  const { config } = useApp();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const label = unseen ? t('adminScreens.docs.menuUnseen', { count: unseen }) : t('adminScreens.docs.menu');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge color="info" badgeContent={unseen > 0 ? unseen : null}>
            <MenuBookIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {signedIn && (
          <MenuItem component={RouterLink} to="/whats-new" onClick={close}>
            <ListItemText
              primary={t('nav.whats-new')}
              secondary={unseen ? t('adminScreens.whatsNew.unseen', { count: unseen }) : null}
            />
          </MenuItem>
        )}
        {menuDocPages(config).map((p) => (
          <MenuItem key={p.key} component={RouterLink} to={`/docs/${p.key}`} onClick={close}>
            {t(p.titleKey)}
          </MenuItem>
        ))}
        <MenuItem component={RouterLink} to="/docs" onClick={close}>
          {t('adminScreens.docs.all')}
        </MenuItem>
      </Menu>
    </>
  );
}
