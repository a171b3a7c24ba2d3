import {
  Alert,
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listThreads, threadSummary, type ThreadFilter } from './conversations-api';
import { ThreadPane } from './ThreadPane';
import { type Item, useApp, useCell, useSession, type ViewProps } from '../../../../client/module-api';

/**
 * /conversations: the threads the user may read, latest activity first, with open / resolved /
 * assigned-to-me filters; the chosen thread (cell parameter c0) opens below with its messages.
 */
export function ConversationsView({ param }: ViewProps) {
  const { t } = useTranslation();
  const { client } = useApp();
  const qc = useQueryClient();
  const { user } = useSession();
  const { setParam } = useCell();
  const [filter, setFilter] = useState<ThreadFilter>('open');
  const threads = useQuery({
    queryKey: ['conversations', user?.$id, filter],
    queryFn: () => listThreads(client, qc, filter, user?.$id),
    enabled: !!user,
  });
  // New threads and new activity (sortTS) reorder the list live.
  useEffect(() => {
    const handle = client.watchType('Thread', {});
    const off = client.on('itemUpdated', (b) => {
      if ((b as Item)._t === 'Thread') void qc.invalidateQueries({ queryKey: ['conversations'] });
    });
    return () => {
      off();
      client.unwatchType(handle);
    };
  }, [client, qc]);

  return (
    <Box sx={{ p: 2 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('conversations.title')}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filter}
        onChange={(_, v: ThreadFilter | null) => v && setFilter(v)}
        aria-label={t('conversations.filter')}
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        {(['open', 'resolved', 'mine', 'all'] as const).map((f) => (
          <ToggleButton key={f} value={f}>
            {t(`conversations.filters.${f}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {threads.isError && <Alert severity="error">{t('conversations.loadFailed')}</Alert>}
      {threads.isSuccess && threads.data.length === 0 && (
        <Typography color="text.secondary">{t('conversations.none')}</Typography>
      )}
      <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: 'flex-start' }}>
        <List aria-label={t('conversations.list')} sx={{ flex: '1 1 40%', minWidth: 0, width: '100%' }}>
          {(threads.data ?? []).map((th) => {
            return (
              // A list holds list items; the button goes inside one (axe: list).
              <ListItem key={th.$id} disablePadding>
                <ListItemButton
                  selected={th.$id === param}
                  aria-current={th.$id === param ? 'true' : undefined}
                  onClick={() => setParam(th.$id)}
                  divider
                >
                  <ListItemText primary={String(th.subject ?? th.$id)} secondary={threadSummary(t, th)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        {param && (
          <Box sx={{ flex: '1 1 60%', minWidth: 0, width: '100%' }}>
            <ThreadPane key={param} threadId={param} />
          </Box>
        )}
      </Stack>
    </Box>
  );
}
