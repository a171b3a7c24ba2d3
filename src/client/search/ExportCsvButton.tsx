import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchQuery } from '../../protocol/query';
import { useApp, useSession } from '../state/app-context';
import { taskStoreFor } from '../state/tasks';

/**
 * Starts act/exportCsv/async for the search as shown (all pages, no facets); the export runs as
 * the user on the server, and its progress and download appear in the help menu.
 */
export function ExportCsvButton({ query }: { query: SearchQuery }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  async function start() {
    setBusy(true);
    try {
      const { must, should, mustNot, sort } = query;
      await taskStoreFor(client, alerts).start('exportCsv', { query: { must, should, mustNot, sort } });
      alerts.push({ type: 'info', key: 'tasks.exportStarted' });
    } catch (e) {
      alerts.error(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" startIcon={<FileDownloadIcon />} disabled={busy} onClick={() => void start()}>
      {t('tasks.exportCsv')}
    </Button>
  );
}
