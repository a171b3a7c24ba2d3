import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../protocol/files';
import type { Item } from '../state/items';
import { attachmentUrl, groupOf, hasVariants, isPdf, variantUrl } from './attachment-urls';

// The viewers: an image lightbox, audio and video players (native controls: seeking uses
// HTTP ranges), a PDF preview, and for anything else a plain download.

export function AttachmentViewer({ item, onClose }: { item: Item; onClose(): void }) {
  const { t } = useTranslation();
  const name = String(item.originalName ?? item.$id);
  const group = groupOf(item);
  const src = attachmentUrl(item);
  let body;
  if (group === 'image' && hasVariants(item))
    body = (
      <Box
        component="img"
        src={variantUrl(item.$id, 'large')}
        alt={t('files.imageAlt', { name })}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto' }}
      />
    );
  else if (group === 'audio')
    body = (
      <Box component="audio" controls preload="metadata" src={src} sx={{ width: '100%' }} aria-label={name}>
        <a href={attachmentUrl(item, { download: true })}>{t('files.downloadName', { name })}</a>
      </Box>
    );
  else if (group === 'video')
    body = (
      <Box
        component="video"
        controls
        preload="metadata"
        src={src}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto' }}
        aria-label={name}
      />
    );
  else if (isPdf(item))
    body = (
      <Box
        component="iframe"
        src={src}
        title={t('files.pdfTitle', { name })}
        sx={{ width: '100%', height: '75vh', border: 0 }}
      />
    );
  else body = <Typography>{t('files.noPreview')}</Typography>;
  const size = typeof item.size === 'number' ? formatSize(item.size) : '';
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="attachment-viewer-title">
      <DialogTitle id="attachment-viewer-title" sx={{ wordBreak: 'break-word' }}>
        {name}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
          {size}
        </Typography>
      </DialogTitle>
      <DialogContent data-testid="attachment-viewer">{body}</DialogContent>
      <DialogActions>
        <Button href={attachmentUrl(item, { download: true })} download={name}>
          {t('files.download')}
        </Button>
        <Button onClick={onClose} autoFocus>
          {t('app.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
