import FolderZipIcon from '@mui/icons-material/FolderZipOutlined';
import { Button, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ZipName } from '../../protocol/files';
import type { SearchQuery } from '../../protocol/query';
import { useExportTask } from '../search/useExportTask';

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
  const task = useExportTask('exportZip', 'zipExport.started', { notFound: 'zipExport.nothing' });
  if (!task.signedIn) return null;
  return (
    <Tooltip title={t('zipExport.hint')} describeChild>
      <Button
        size="small"
        startIcon={<FolderZipIcon />}
        disabled={task.busy}
        onClick={() => void task.start(query, { name })}
      >
        {t('zipExport.button')}
      </Button>
    </Tooltip>
  );
}
