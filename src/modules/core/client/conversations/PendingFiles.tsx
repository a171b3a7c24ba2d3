import CloseIcon from '@mui/icons-material/Close';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../../protocol/files';
import type { ReplyFile } from './reply-files';

/** The files of a reply that the server does not have yet, with progress, retry and remove. */
export function PendingFiles({
  files,
  label,
  onRetry,
  onRemove,
}: {
  files: ReplyFile[];
  label: string;
  onRetry(f: ReplyFile): void;
  onRemove(f: ReplyFile): void;
}) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Stack
      component="ul"
      aria-label={label}
      aria-live="polite"
      spacing={1}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
    >
      {files.map((f) => {
        const total = f.file.size;
        const percent = total > 0 ? Math.floor((f.sent / total) * 100) : 0;
        const status =
          f.state === 'chosen'
            ? t('replyFiles.ready', { size: formatSize(total) })
            : f.state === 'failed'
              ? t('replyFiles.failed', { message: f.error ?? '' })
              : t('replyFiles.progress', { percent, size: formatSize(total) });
        return (
          <Box component="li" key={f.key} data-reply-file={f.file.name} data-status={f.state}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap title={f.file.name}>
                  {f.file.name}
                </Typography>
                {f.state !== 'chosen' && (
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    color={f.state === 'failed' ? 'error' : 'primary'}
                    aria-label={t('replyFiles.uploading', { name: f.file.name })}
                  />
                )}
                <Typography variant="caption" color={f.state === 'failed' ? 'error' : 'text.secondary'}>
                  {status}
                </Typography>
              </Box>
              {f.state === 'failed' && (
                <Tooltip title={t('replyFiles.retry')}>
                  <IconButton
                    aria-label={t('replyFiles.retryName', { name: f.file.name })}
                    onClick={() => onRetry(f)}
                  >
                    <ReplayIcon />
                  </IconButton>
                </Tooltip>
              )}
              {f.state !== 'uploading' && (
                <Tooltip title={t('replyFiles.remove')}>
                  <IconButton
                    aria-label={t('replyFiles.removeName', { name: f.file.name })}
                    onClick={() => onRemove(f)}
                  >
                    <CloseIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
