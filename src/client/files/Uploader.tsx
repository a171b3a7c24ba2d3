import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import Uppy, { type UppyFile } from '@uppy/core';
import Tus from '@uppy/tus';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../protocol/files';
import { tusOptions } from './tus-options';
import { useApp } from '../state/app-context';

// The upload area, loaded only when a screen shows one (Uppy stays out of the start-up bundle).
// tus keeps each upload resumable: a dropped network pauses it until the browser is online
// again, and after a reload the same file added again continues from the server's offset
// (tus-js-client keeps the upload URL in localStorage under the file's fingerprint).

export interface UploaderProps {
  /** The item the files belong to. */
  rel: string;
  /** The property of that item that takes the files (a `file` property or an Attachment list). */
  relProp?: string | undefined;
  /** One file only (a `file` property). */
  single?: boolean;
  /** A label naming what is uploaded, for the drop zone's group. */
  label?: string;
}

type Meta = { rel: string; relProp: string; filename: string };
type Row = UppyFile<Meta, Record<string, never>>;

const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

export function Uploader({ rel, relProp, single = false, label }: UploaderProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [files, setFiles] = useState<Row[]>([]);
  const [over, setOver] = useState(false);
  const [uppy] = useState(() =>
    new Uppy<Meta, Record<string, never>>({
      autoProceed: true,
      allowMultipleUploadBatches: true,
      restrictions: { maxNumberOfFiles: single ? 1 : null },
      meta: { rel, relProp: relProp ?? '', filename: '' },
    }).use(
      Tus,
      tusOptions(() => client.tokenValue, RETRY_DELAYS),
    ),
  );
  const uppyRef = useRef(uppy);

  useEffect(() => {
    const u = uppyRef.current;
    const update = () => setFiles(Object.values(u.getState().files) as Row[]);
    u.on('state-update', update);
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      u.off('state-update', update);
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  useEffect(() => () => uppyRef.current.destroy(), []);

  const add = (list: FileList | null) => {
    for (const file of Array.from(list ?? []).slice(0, single ? 1 : undefined)) {
      try {
        if (single) for (const f of uppy.getFiles()) if (f.progress.uploadComplete) uppy.removeFile(f.id);
        uppy.addFile({
          name: file.name,
          type: file.type,
          data: file,
          source: 'local',
          meta: { rel, relProp: relProp ?? '', filename: file.name },
        });
      } catch {
        // Uppy reports refusals (a duplicate, too many files) through the file list state.
      }
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  };

  return (
    <Box>
      <Box
        role="group"
        aria-label={label ?? t('files.dropZone')}
        aria-describedby={hintId}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          borderRadius: 1,
          p: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <CloudUploadIcon color="action" aria-hidden />
        <Typography variant="body2">{single ? t('files.dropHereOne') : t('files.dropHere')}</Typography>
        <Button size="small" variant="outlined" onClick={() => inputRef.current?.click()}>
          {single ? t('files.chooseOne') : t('files.choose')}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple={!single}
          hidden
          aria-label={single ? t('files.chooseOne') : t('files.choose')}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ flexBasis: '100%' }}>
          {t('files.resumeHint')}
        </Typography>
      </Box>
      {files.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-live="polite">
          {files.map((f) => (
            <UploadRow key={f.id} file={f} online={online} uppy={uppy} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function UploadRow({
  file,
  online,
  uppy,
}: {
  file: Row;
  online: boolean;
  uppy: Uppy<Meta, Record<string, never>>;
}) {
  const { t } = useTranslation();
  const total = file.progress.bytesTotal ?? file.size ?? 0;
  const sent = file.progress.bytesUploaded || 0;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const done = file.progress.uploadComplete === true;
  const error = file.error;
  const status = done
    ? t('files.done')
    : error
      ? t('files.failed', { message: error })
      : file.isPaused
        ? t('files.paused')
        : !online
          ? t('files.waitingNetwork')
          : t('files.progress', { percent, size: formatSize(total) });
  return (
    <Box component="li" data-upload={file.name} data-status={done ? 'done' : error ? 'error' : 'uploading'}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" noWrap title={file.name}>
            {file.name}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={done ? 100 : percent}
            color={error ? 'error' : done ? 'success' : 'primary'}
            aria-label={t('files.uploading', { name: file.name })}
          />
          <Typography
            variant="caption"
            color={error ? 'error' : 'text.secondary'}
            data-testid="upload-status"
          >
            {status}
          </Typography>
        </Box>
        {!done && !error && (
          <Tooltip title={file.isPaused ? t('files.resume') : t('files.pause')}>
            <IconButton
              size="small"
              aria-label={`${file.isPaused ? t('files.resume') : t('files.pause')}: ${file.name}`}
              onClick={() => uppy.pauseResume(file.id)}
            >
              {file.isPaused ? <PlayArrowIcon /> : <PauseIcon />}
            </IconButton>
          </Tooltip>
        )}
        {error && (
          <Tooltip title={t('files.retry')}>
            <IconButton
              size="small"
              aria-label={`${t('files.retry')}: ${file.name}`}
              onClick={() => void uppy.retryUpload(file.id)}
            >
              <ReplayIcon />
            </IconButton>
          </Tooltip>
        )}
        {!done && (
          <Tooltip title={t('files.cancel')}>
            <IconButton
              size="small"
              aria-label={`${t('files.cancel')}: ${file.name}`}
              onClick={() => uppy.removeFile(file.id)}
            >
              <CloseIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </Box>
  );
}
