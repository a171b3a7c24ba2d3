import { Box, List, ListItem } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../../protocol/files';
import {
  AttachmentDownloadButton,
  AttachmentRowButton,
  AttachmentViewer,
  groupOf,
  type Item,
  useApp,
} from '../../../../client/module-api';

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
          const size = typeof att.size === 'number' ? formatSize(att.size) : '';
          return (
            <ListItem
              key={att.$id}
              disablePadding
              data-attachment={name}
              secondaryAction={<AttachmentDownloadButton att={att} />}
            >
              <AttachmentRowButton
                att={att}
                secondary={[t(`files.groups.${group}`), size].filter(Boolean).join(' · ')}
                onOpen={() => setOpen(att)}
              />
            </ListItem>
          );
        })}
      </List>
      {open && <AttachmentViewer item={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
