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
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../items/format';
import { useApp } from '../state/app-context';
import { itemKey, useItem, type Item } from '../state/items';
import { listMessages } from './conversations-api';

/**
 * One conversation: its messages oldest first with author and time, a reply box (Ctrl+Enter or
 * the Send button sends; Enter is a new line, as in a letter), and the resolved switch. A reply
 * from anyone appears at once through a type watch on the thread's messages.
 * Attachments in replies wait for the attachments work.
 */
export function ThreadPane({ threadId }: { threadId: string }) {
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
    if (!text || sending) return;
    setSending(true);
    try {
      await client.request('create/Message', { thread: threadId, body: text });
      setBody('');
      await qc.invalidateQueries({ queryKey: ['threadMessages', threadId] });
    } catch {
      alerts.push({ type: 'error', key: 'conversations.sendFailed' });
    } finally {
      setSending(false);
    }
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
    try {
      const updated = await client.request<Item>('update', { $id: th.$id, $version: th.$version, resolved });
      qc.setQueryData(itemKey(th.$id), { ...updated, $allowed: th.$allowed });
    } catch {
      alerts.push({ type: 'error', key: 'conversations.saveFailed' });
    }
  };

  if (thread.isError) return <Alert severity="error">{t('conversations.threadFailed')}</Alert>;
  const th = thread.data;
  const canUpdate = (th?.$allowed as { update?: boolean } | undefined)?.update === true;
  const assignee = typeof th?.assignedTo === 'string' ? th.$labels?.[th.assignedTo] : undefined;

  return (
    <Paper variant="outlined" component="section" aria-label={String(th?.subject ?? threadId)} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6">
        {String(th?.subject ?? '')}
      </Typography>
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
        <Link component={RouterLink} to={`/conversations/i-${threadId}?c0=${threadId}`}>
          {t('conversations.editDetails')}
        </Link>
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
            </ListItem>
          );
        })}
      </List>
      <Box sx={{ mt: 1 }}>
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
        <Button
          sx={{ mt: 1 }}
          variant="contained"
          disabled={!body.trim() || sending}
          onClick={() => void send()}
        >
          {t('conversations.send')}
        </Button>
      </Box>
    </Paper>
  );
}
