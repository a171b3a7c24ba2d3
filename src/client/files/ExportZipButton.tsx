import FolderZipIcon from '@mui/icons-material/FolderZipOutlined';
import { Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZipName } from '../../protocol/files';
import type { SearchQuery } from '../../protocol/query';
import { useApp, useSession } from '../state/app-context';
import { RequestError } from '../state/request-error';
import { taskStoreFor } from '../state/tasks';

/** The zip's name: consultation screens give consult-attachments.zip, the rest archive-… (spec). */
export function zipNameFor(screenName: string): ZipName {
  return screenName.startsWith('consult') ? 'consult-attachments.zip' : 'archive-attachments.zip';
}

/**
 * Starts act/exportZip/async: the server zips, as this person, the attachments the query finds
 * (a query over other types means the attachments of the items found); progress, stop and the
 * download are in the help menu. Nothing downloadable is said at once, not as an empty zip.
 */
export function ExportZipButton({ query, name }: { query: SearchQuery; name: ZipName }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  async function start() {
    setBusy(true);
    try {
      const { must, should, mustNot, sort } = query;
      await taskStoreFor(client, alerts).start('exportZip', { query: { must, should, mustNot, sort }, name });
      alerts.push({ type: 'info', key: 'zipExport.started' });
    } catch (e) {
      if (e instanceof RequestError && e.userMessage === 'notFound')
        alerts.push({ type: 'info', key: 'zipExport.nothing' });
      else alerts.error(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Tooltip title={t('zipExport.hint')} describeChild>
      <Button size="small" startIcon={<FolderZipIcon />} disabled={busy} onClick={() => void start()}>
        {t('zipExport.button')}
      </Button>
    </Tooltip>
  );
}
