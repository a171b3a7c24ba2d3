import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { taskStoreFor, useApp, useSession } from '../../../../client/module-api';

// "Export GEDCOM": starts act/exportGedcom/async, which writes every community member the person
// may read (the server decides, through the access policy); the file comes through the tasks
// menu like every export. On the community members list (a list action) and a GEDCOM Import.

export default function GedcomExportButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  async function start() {
    setBusy(true);
    try {
      await taskStoreFor(client, alerts).start('exportGedcom', {});
      alerts.push({ type: 'info', key: 'research.gedcom.exportStarted' });
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }

  const label = t('research.gedcom.export');
  if (compact)
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" aria-label={label} disabled={busy} onClick={() => void start()}>
            <FamilyRestroomIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Button size="small" startIcon={<FamilyRestroomIcon />} disabled={busy} onClick={() => void start()}>
      {label}
    </Button>
  );
}
