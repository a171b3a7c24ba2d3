import DeleteIcon from '@mui/icons-material/Delete';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { ExportZipButton } from './ExportZipButton';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '../../kernel/item-type';
import { formatSize } from '../../protocol/files';
import { useApp, useSession } from '../state/app-context';
import type { Item } from '../state/items';
import { formatDate } from '../items/format';
import { itemLabel } from '../items/item-label';
import { groupOf } from './attachment-urls';
import { AttachmentDownloadButton, AttachmentRowButton } from './AttachmentRow';
import { AttachmentViewer } from './AttachmentViewer';
import { attachmentListProp } from './attachment-rules';
import { attachmentsQuery, useAttachments } from './useAttachments';
import { lazyScreen } from '../i18n/screen-strings';

const Uploader = lazyScreen(() => import('./Uploader').then((m) => ({ default: m.Uploader })));

/**
 * The generic Attachments section of an item screen: the files whose parent is this item,
 * with viewers, download, trash and restore for those who may change the item, the upload
 * area, and a zip of them all.
 */
export function AttachmentsSection({
  item,
  type,
  editable,
}: {
  item: Item;
  type: ItemType;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { client, alerts } = useApp();
  const headingId = useId();
  const [trash, setTrash] = useState(false);
  const [open, setOpen] = useState<Item | null>(null);
  const [purging, setPurging] = useState<Item | null>(null);
  const q = useAttachments(item.$id, trash);
  const list = q.data ?? [];
  const admin = user?.admin === true;

  const setTrashed = async (att: Item, trashed: boolean) => {
    try {
      await client.request('update', { $id: att.$id, $version: att.$version, trashed });
      void q.refetch();
    } catch (e) {
      alerts.error(e);
    }
  };
  const purge = async (att: Item) => {
    setPurging(null);
    try {
      await client.act('purgeAttachment', { id: att.$id });
      alerts.push({ type: 'success', key: 'files.purged' });
      void q.refetch();
    } catch (e) {
      alerts.error(e);
    }
  };

  return (
    <Box
      component="section"
      aria-label={t('files.attachmentsOf', { label: itemLabel(item) })}
      sx={{ mt: 4 }}
      data-testid="attachments"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {trash ? `${t('files.attachments')} · ${t('files.trashed')}` : t('files.attachments')}
        </Typography>
        {!trash && list.length > 1 && (
          <ExportZipButton query={attachmentsQuery(item.$id, false)} name="archive-attachments.zip" />
        )}
        {(editable || admin) && (
          <FormControlLabel
            control={<Switch size="small" checked={trash} onChange={(e) => setTrash(e.target.checked)} />}
            label={t('files.showTrash')}
          />
        )}
      </Box>
      {list.length === 0 && !q.isPending && (
        <Typography variant="body2" color="text.secondary">
          {t('files.noAttachments')}
        </Typography>
      )}
      <List dense aria-labelledby={headingId}>
        {list.map((att) => {
          const name = String(att.originalName ?? att.$id);
          const group = groupOf(att);
          const size = typeof att.size === 'number' ? formatSize(att.size) : '';
          const secondary = [t(`files.groups.${group}`), size, att._c?.ts ? formatDate(att._c.ts) : '']
            .filter(Boolean)
            .join(' · ');
          return (
            <ListItem
              key={att.$id}
              disablePadding
              data-attachment={name}
              secondaryAction={
                <Box sx={{ display: 'flex' }}>
                  <AttachmentDownloadButton att={att} />
                  {editable && (
                    <Tooltip title={trash ? t('files.restore') : t('files.trash')}>
                      <IconButton
                        aria-label={`${trash ? t('files.restore') : t('files.trash')}: ${name}`}
                        onClick={() => void setTrashed(att, !trash)}
                      >
                        {trash ? <RestoreFromTrashIcon /> : <DeleteIcon />}
                      </IconButton>
                    </Tooltip>
                  )}
                  {trash && admin && (
                    <Tooltip title={t('files.purge')}>
                      <IconButton aria-label={`${t('files.purge')}: ${name}`} onClick={() => setPurging(att)}>
                        <DeleteForeverIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Box>
              }
            >
              <AttachmentRowButton
                att={att}
                secondary={secondary}
                onOpen={() => setOpen(att)}
                thumb={40}
                showThumbnail={!trash}
                actionsWidth={16}
              />
            </ListItem>
          );
        })}
      </List>
      {editable && !trash && (
        <Suspense fallback={<Typography variant="body2">{t('files.loadingUploader')}</Typography>}>
          <Uploader rel={item.$id} relProp={attachmentListProp(type)} label={t('files.dropZone')} />
        </Suspense>
      )}
      {open && <AttachmentViewer item={open} onClose={() => setOpen(null)} />}
      {purging && (
        <Dialog open onClose={() => setPurging(null)} aria-labelledby={`${headingId}-purge`}>
          <DialogTitle id={`${headingId}-purge`}>{t('app.areYouSure')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t('files.purgeConfirm', { name: String(purging.originalName ?? purging.$id) })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setPurging(null)} autoFocus>
              {t('app.cancel')}
            </Button>
            <Button color="error" onClick={() => void purge(purging)}>
              {t('files.purge')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
