import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Link,
  List,
  ListItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { listMessages } from './conversations-api';
import { MessageAttachments } from './MessageAttachments';
import { PendingFiles } from './PendingFiles';
import { chosenFiles, type ReplyFile } from './reply-files';
import { formatDate, type Item, itemKey, useApp, useItem } from '../../../../client/module-api';

/**
 * One conversation: its messages oldest first with author and time, a reply box (Ctrl+Enter or
 * the Send button sends; Enter is a new line, as in a letter), and the resolved switch. A reply
 * from anyone appears at once through a type watch on the thread's messages.
 * Files go with a reply: the Message is created first, then each file is uploaded into it
 * (docs/decisions.md "attachments in replies"); a file that fails stays under its message
 * with a retry, so nothing is lost without the user being told.
 * `embedded`: inside the thread's own record, which already shows its subject and its fields,
 * so the pane leaves out its title and the link to them.
 */
export function ThreadPane({ threadId, embedded = false }: { threadId: string; embedded?: boolean }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const thread = useItem(threadId);
  const replyId = useId();
  const messages = useQuery({
    queryKey: ['threadMessages', threadId],
    queryFn: () => listMessages(client, threadId),
  });
  const [body, setBody] = useState('');
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<ReplyFile[]>([]);
  const [over, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const patch = (key: string, change: Partial<ReplyFile>) =>
    setFiles((fs) => fs.map((f) => (f.key === key ? { ...f, ...change } : f)));
  const uploading = files.some((f) => f.state === 'uploading');

  useEffect(() => {
    if (!uploading) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  /** Uploads one file into its message; true when the server has it. */
  const upload = async (f: ReplyFile, messageId: string): Promise<boolean> => {
    patch(f.key, { state: 'uploading', messageId, sent: 0, error: undefined });
    try {
      const { uploadReplyFile } = await import('./reply-uploads');
      await uploadReplyFile(
        f.file,
        messageId,
        () => client.tokenValue,
        (sent) => patch(f.key, { sent }),
      );
      setFiles((fs) => fs.filter((x) => x.key !== f.key));
      return true;
    } catch (e) {
      patch(f.key, { state: 'failed', error: e instanceof Error ? e.message : String(e) });
      return false;
    }
  };

  useEffect(() => {
    const handle = client.watchType('Message', { thread: [threadId] });
    const off = client.on('itemUpdated', (b) => {
      const m = b as Item;
      if (m._t === 'Message' && m.thread === threadId)
        void qc.invalidateQueries({ queryKey: ['threadMessages', threadId] });
    });
    return () => {
      off();
      client.unwatchType(handle);
    };
  }, [client, qc, threadId]);

  const send = async () => {
    const text = body.trim();
    const toSend = files.filter((f) => f.state === 'chosen');
    if ((!text && toSend.length === 0) || sending) return;
    setSending(true);
    let messageId: string;
    try {
      const names = toSend.map((f) => f.file.name).join(', ');
      const m = await client.request<Item>('create/Message', {
        thread: threadId,
        body: text || t('replyFiles.filesOnlyBody', { names }),
      });
      messageId = m.$id;
      setBody('');
      await qc.invalidateQueries({ queryKey: ['threadMessages', threadId] });
    } catch {
      // Nothing was sent: the text and the files stay in the box.
      alerts.push({ type: 'error', key: 'conversations.sendFailed' });
      return;
    } finally {
      setSending(false);
    }
    const ok = await Promise.all(toSend.map((f) => upload(f, messageId)));
    const failed = ok.filter((x) => !x).length;
    if (failed > 0) alerts.push({ type: 'error', key: 'replyFiles.someFailed', params: { count: failed } });
  };
  const addFiles = (list: FileList | null) => setFiles((fs) => [...fs, ...chosenFiles(list)]);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    addFiles(e.dataTransfer.files);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };
  const setResolved = async (resolved: boolean) => {
    const th = thread.data;
    if (!th) return;
    // The switch moves at once, as a switch should, and moves back if the server refuses.
    qc.setQueryData(itemKey(th.$id), { ...th, resolved });
    try {
      const updated = await client.request<Item>('update', { $id: th.$id, $version: th.$version, resolved });
      qc.setQueryData(itemKey(th.$id), { ...updated, $allowed: th.$allowed });
    } catch {
      qc.setQueryData(itemKey(th.$id), th);
      alerts.push({ type: 'error', key: 'conversations.saveFailed' });
    }
  };

  if (thread.isError) return <Alert severity="error">{t('conversations.threadFailed')}</Alert>;
  const th = thread.data;
  const canUpdate = (th?.$allowed as { update?: boolean } | undefined)?.update === true;
  const assignee = typeof th?.assignedTo === 'string' ? th.$labels?.[th.assignedTo] : undefined;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={embedded ? t('conversations.messages') : String(th?.subject ?? threadId)}
      sx={{ p: 2 }}
    >
      {!embedded && (
        <Typography component="h2" variant="h6">
          {String(th?.subject ?? '')}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={th?.resolved === true}
              disabled={!canUpdate}
              onChange={(e) => void setResolved(e.target.checked)}
            />
          }
          label={t('conversations.resolved')}
        />
        <Typography variant="body2" color="text.secondary">
          {[
            assignee ? t('conversations.assignedTo', { name: assignee }) : t('conversations.unassigned'),
            typeof th?.assignedDue === 'string'
              ? t('conversations.due', { date: formatDate(th.assignedDue) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        {!embedded && (
          <Link component={RouterLink} to={`/conversations/i-${threadId}?c0=${threadId}`}>
            {t('conversations.editDetails')}
          </Link>
        )}
      </Stack>
      {messages.isError && <Alert severity="error">{t('conversations.loadFailed')}</Alert>}
      {messages.isSuccess && messages.data.length === 0 && (
        <Typography color="text.secondary">{t('conversations.noMessages')}</Typography>
      )}
      <List aria-label={t('conversations.messages')}>
        {(messages.data ?? []).map((m) => {
          const author = m._c.$id ? (m.$labels?.[m._c.$id] ?? m._c.$id) : t('conversations.system');
          return (
            <ListItem key={m.$id} divider sx={{ display: 'block' }} data-testid="message">
              <Typography variant="subtitle2" component="p">
                {author}{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {formatDate(m._c.ts ?? '')}
                </Typography>
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{String(m.body ?? '')}</Typography>
              <MessageAttachments message={m} />
              <PendingFiles
                files={files.filter((f) => f.messageId === m.$id)}
                label={t('replyFiles.sending')}
                onRetry={(f) => void upload(f, m.$id)}
                onRemove={(f) => setFiles((fs) => fs.filter((x) => x.key !== f.key))}
              />
            </ListItem>
          );
        })}
      </List>
      <Box
        sx={{
          mt: 1,
          p: 1,
          borderRadius: 1,
          outline: over ? 2 : 0,
          outlineStyle: 'dashed',
          outlineColor: 'primary.main',
          bgcolor: over ? 'action.hover' : 'transparent',
        }}
        data-testid="reply-box"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <TextField
          id={replyId}
          label={t('conversations.reply')}
          helperText={t('conversations.replyHelp')}
          multiline
          minRows={2}
          fullWidth
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={onKey}
        />
        <PendingFiles
          files={files.filter((f) => !f.messageId)}
          label={t('replyFiles.chosen')}
          onRetry={() => undefined}
          onRemove={(f) => setFiles((fs) => fs.filter((x) => x.key !== f.key))}
        />
        <Stack direction="row" sx={{ mt: 1, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disabled={(!body.trim() && !files.some((f) => f.state === 'chosen')) || sending}
            onClick={() => void send()}
          >
            {t('conversations.send')}
          </Button>
          <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => inputRef.current?.click()}>
            {t('replyFiles.attach')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('replyFiles.dropHint')}
          </Typography>
          <input
            ref={inputRef}
            type="file"
            multiple
            hidden
            aria-label={t('replyFiles.attach')}
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </Stack>
      </Box>
    </Paper>
  );
}
