import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskStoreFor, useApp, useSession } from '../../../../client/module-api';
import type { FieldExportFormat } from '../../contract-export';

// "Export field data" on a program: starts act/exportFieldData/async (a background task run as the
// reader, so the file holds only what they may read); its progress and the file come through the
// tasks menu, as every export's.

/** contract-export.ts's formats (the contract, with zod, stays out of the client's chunks). */
const FIELD_EXPORT_FORMATS: readonly FieldExportFormat[] = ['CSV', 'GEOJSON', 'SHAPEFILE'];

export function ExportMenu({ program }: { program: string }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  if (!user) return null;

  async function start(format: FieldExportFormat) {
    setAnchor(null);
    setBusy(true);
    try {
      await taskStoreFor(client, alerts).start('exportFieldData', { program, format });
      alerts.push({ type: 'info', key: 'geokeeper.export.started' });
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('geokeeper.export.menu')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled dense sx={{ opacity: '1 !important', typography: 'caption' }}>
          {t('geokeeper.export.as')}
        </MenuItem>
        {FIELD_EXPORT_FORMATS.map((f) => (
          <MenuItem key={f} onClick={() => void start(f)}>
            {t(`geokeeper.export.formats.${f}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
