import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SearchQuery } from '../../protocol/query';
import { useExportTask } from './useExportTask';

/**
 * Starts act/exportCsv/async for the search as shown (all pages, no facets). `compact`: an icon
 * with the same name, for narrow cells and phones.
 */
export function ExportCsvButton({ query, compact }: { query: SearchQuery; compact?: boolean }) {
  const { t } = useTranslation();
  const task = useExportTask('exportCsv', 'tasks.exportStarted');
  if (!task.signedIn) return null;
  if (compact)
    return (
      <Tooltip title={t('tasks.exportCsv')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('tasks.exportCsv')}
            disabled={task.busy}
            onClick={() => void task.start(query)}
          >
            <FileDownloadIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    );
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
