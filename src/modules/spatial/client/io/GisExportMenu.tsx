import MapIcon from '@mui/icons-material/Map';
import { Button, IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchQuery } from '../../../../protocol/query';
import { taskStoreFor, useApp, useSession } from '../../../../client/module-api';

// The search page's "Export map file" menu, for any type with a geometry property: starts
// act/exportFeatures/async with the search as shown; the file comes through the tasks menu.

const FORMATS = ['GEOJSON', 'KML', 'SHAPEFILE', 'GEOPACKAGE'] as const;

export default function GisExportMenu({ query, compact }: { query: SearchQuery; compact: boolean }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  if (!user) return null;

  async function start(format: (typeof FORMATS)[number]) {
    setAnchor(null);
    setBusy(true);
    try {
      const { must, should, mustNot, sort } = query;
      await taskStoreFor(client, alerts).start('exportFeatures', {
        format,
        query: { must, should, mustNot, sort },
      });
      alerts.push({ type: 'info', key: 'spatial.io.exportStarted' });
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  const open = (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);
  const label = t('spatial.io.export');
  return (
    <>
      {compact ? (
        <Tooltip title={label}>
          <span>
            <IconButton
              size="small"
              aria-label={label}
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              disabled={busy}
              onClick={open}
            >
              <MapIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          size="small"
          startIcon={<MapIcon />}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          disabled={busy}
          onClick={open}
        >
          {label}
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled dense sx={{ opacity: '1 !important', typography: 'caption' }}>
          {t('spatial.io.exportAs')}
        </MenuItem>
        {FORMATS.map((f) => (
          <MenuItem key={f} onClick={() => void start(f)}>
            {t(`spatial.io.exportFormats.${f}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
