import DownloadIcon from '@mui/icons-material/Download';
import { Box, IconButton, ListItemAvatar, ListItemButton, ListItemText, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Item } from '../state/items';
import { ATTACHMENT_ICONS } from './attachment-icons';
import { attachmentUrl, groupOf, hasVariants, variantUrl } from './attachment-urls';

// One file in a list, as an item's Attachments section and a message's files show it.

/**
 * The file's main part: its thumbnail (images with variants) or its kind's icon, its name and a
 * second line; a click opens it.
 */
export function AttachmentRowButton({
  att,
  secondary,
  onOpen,
  thumb = 32,
  showThumbnail = true,
  actionsWidth = 8,
}: {
  att: Item;
  secondary: string;
  onOpen(): void;
  /** The thumbnail's side in pixels. */
  thumb?: number;
  /** False shows the icon even for an image (the trash shows no previews). */
  showThumbnail?: boolean;
  /** Room kept on the right for the row's buttons, in theme spacing units. */
  actionsWidth?: number;
}) {
  const Icon = ATTACHMENT_ICONS[groupOf(att)];
  return (
    <ListItemButton onClick={onOpen} sx={{ pr: actionsWidth }}>
      <ListItemAvatar sx={{ minWidth: thumb + 16 }}>
        {showThumbnail && hasVariants(att) ? (
          <Box
            component="img"
            src={variantUrl(att.$id, 'thumbnail')}
            alt=""
            loading="lazy"
            sx={{ width: thumb, height: thumb, objectFit: 'cover', borderRadius: 1, display: 'block' }}
          />
        ) : (
          <Icon color="action" aria-hidden />
        )}
      </ListItemAvatar>
      <ListItemText
        primary={String(att.originalName ?? att.$id)}
        secondary={secondary}
        slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
      />
    </ListItemButton>
  );
}

/** The file's download button (the bytes with the file's own name). */
export function AttachmentDownloadButton({ att }: { att: Item }) {
  const { t } = useTranslation();
  const name = String(att.originalName ?? att.$id);
  return (
    <Tooltip title={t('files.download')}>
      <IconButton
        component="a"
        href={attachmentUrl(att, { download: true })}
        download={name}
        aria-label={t('files.downloadName', { name })}
      >
        <DownloadIcon />
      </IconButton>
    </Tooltip>
  );
}
