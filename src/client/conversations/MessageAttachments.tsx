import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Tooltip,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../protocol/files';
import { ATTACHMENT_ICONS } from '../files/attachment-icons';
import { attachmentUrl, groupOf, hasVariants, variantUrl } from '../files/attachment-urls';
import { AttachmentViewer } from '../files/AttachmentViewer';
import { useApp } from '../state/app-context';
import type { Item } from '../state/items';

/**
 * The files of one message: name, kind, size; a click opens the viewer (lightbox, players,
 * PDF), the arrow downloads. The ids come from `Message.attachments`, which the server extends
 * as each upload finishes, so the message's own push brings new files to everyone.
 */
export function MessageAttachments({ message }: { message: Item }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const [open, setOpen] = useState<Item | null>(null);
  const ids = Array.isArray(message.attachments) ? message.attachments.map(String) : [];
  const q = useQuery({
    queryKey: ['messageAttachments', message.$id, ids.join(',')],
    enabled: ids.length > 0,
    queryFn: async () => {
      const got = await client.request<Record<string, Item & { erred?: boolean }>>('readMany/object', ids);
      return ids.map((id) => got[id]).filter((x): x is Item => !!x && !x.erred && x.trashed !== true);
    },
  });
  const list = q.data ?? [];
  if (list.length === 0) return null;
  return (
    <Box>
      <List dense aria-label={t('replyFiles.filesOf')} data-testid="message-attachments">
        {list.map((att) => {
          const name = String(att.originalName ?? att.$id);
          const group = groupOf(att);
          const Icon = ATTACHMENT_ICONS[group];
          const size = typeof att.size === 'number' ? formatSize(att.size) : '';
          return (
            <ListItem
              key={att.$id}
              disablePadding
              data-attachment={name}
              secondaryAction={
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
              }
            >
              <ListItemButton onClick={() => setOpen(att)} sx={{ pr: 8 }}>
                <ListItemAvatar sx={{ minWidth: 48 }}>
                  {hasVariants(att) ? (
                    <Box
                      component="img"
                      src={variantUrl(att.$id, 'thumbnail')}
                      alt=""
                      loading="lazy"
                      sx={{ width: 32, height: 32, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                    />
                  ) : (
                    <Icon color="action" aria-hidden />
                  )}
                </ListItemAvatar>
                <ListItemText
                  primary={name}
                  secondary={[t(`files.groups.${group}`), size].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {open && <AttachmentViewer item={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
