import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SearchQuery } from '../../protocol/query';
import { useExportTask } from './useExportTask';

/** Starts act/exportCsv/async for the search as shown (all pages, no facets). */
export function ExportCsvButton({ query }: { query: SearchQuery }) {
  const { t } = useTranslation();
  const task = useExportTask('exportCsv', 'tasks.exportStarted');
  if (!task.signedIn) return null;
  return (
    <Button
      size="small"
      startIcon={<FileDownloadIcon />}
      disabled={task.busy}
      onClick={() => void task.start(query)}
    >
      {t('tasks.exportCsv')}
    </Button>
  );
}
