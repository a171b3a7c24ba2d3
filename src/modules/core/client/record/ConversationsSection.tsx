import { Alert, Button, List, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Item,
  ItemLinkRow,
  type ItemSectionProps,
  readMany,
  useApp,
  useCanCreate,
  useCell,
} from '../../../../client/module-api';
import { threadSummary } from '../conversations/conversations-api';
import { contextThreadsQuery, newThreadBody } from './conversations-model';
import { SectionFrame } from '../../../../client/module-api';

const SHOWN = 20;

/**
 * Conversations about this item: the Threads whose context it is (only those the user may read),
 * latest activity first, each opening the thread; and a new one about it, for those who may
 * start one (the thread opens at once, ready for its first message).
 */
export function ConversationsSection({ item, user }: ItemSectionProps) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const cell = useCell();
  const canCreate = useCanCreate('Thread');
  const [writing, setWriting] = useState(false);
  const [subject, setSubject] = useState('');
  const [busy, setBusy] = useState(false);
  const q = useQuery({
    queryKey: ['contextThreads', item.$id, item._u],
    queryFn: async () => {
      const r = await client.request<{ ids: string[]; total: number }>(
        'search/ids',
        contextThreadsQuery(item.$id, SHOWN),
      );
      const got = await readMany(client, qc, r.ids);
      return { total: r.total, threads: r.ids.map((id) => got[id]).filter((x): x is Item => !!x) };
    },
  });
  const threads = q.data?.threads ?? [];

  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (!subject.trim() || busy) return;
    setBusy(true);
    try {
      const th = await client.request<Item>('create/Thread', newThreadBody(item, subject, user));
      setSubject('');
      setWriting(false);
      await qc.invalidateQueries({ queryKey: ['contextThreads', item.$id] });
      cell.open(`i-${th.$id}`);
    } catch {
      alerts.push({ type: 'error', key: 'record.newConversationFailed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionFrame
      title={t('record.conversations')}
      count={q.data?.total}
      testId="section-conversations"
      action={
        canCreate && !writing ? (
          <Button size="small" variant="outlined" onClick={() => setWriting(true)}>
            {t('record.newConversation')}
          </Button>
        ) : null
      }
    >
      {writing && (
        <Stack
          component="form"
          direction="row"
          onSubmit={(e) => void start(e)}
          sx={{ gap: 1, mb: 1, flexWrap: 'wrap' }}
        >
          <TextField
            size="small"
            label={t('record.newConversationSubject')}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            autoFocus
            required
            sx={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" variant="contained" disabled={!subject.trim() || busy}>
            {t('record.startConversation')}
          </Button>
          <Button onClick={() => setWriting(false)}>{t('app.cancel')}</Button>
        </Stack>
      )}
      {q.isError && <Alert severity="error">{t('record.loadFailed')}</Alert>}
      {q.isSuccess && threads.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('record.noConversations')}
        </Typography>
      )}
      {threads.length > 0 && (
        <List dense aria-label={t('record.conversations')}>
          {threads.map((th) => {
            return (
              <ItemLinkRow
                key={th.$id}
                id={th.$id}
                type="Thread"
                primary={String(th.subject ?? th.$id)}
                secondary={threadSummary(t, th)}
              />
            );
          })}
        </List>
      )}
    </SectionFrame>
  );
}
