import {
  Alert,
  Box,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './admin-format';
import { formatSize } from '../../../../protocol/files';
import { formatDate, RequestError, useApp } from '../../../../client/module-api';

/** Refreshed this often while the page is open. */
export const STATE_REFRESH_MS = 5_000;

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box component="div" sx={{ minWidth: 160 }}>
      <Typography variant="caption" component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.1rem' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** admin.state: the running system at a glance, refreshed every few seconds. */
export function AdminStateView() {
  const { t } = useTranslation();
  const { client } = useApp();
  const q = useQuery({
    queryKey: ['adminState'],
    queryFn: () => client.act('adminState', {}),
    refetchInterval: STATE_REFRESH_MS,
  });
  if (q.error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t(q.error instanceof RequestError ? `errors.${q.error.userMessage}` : 'errors.generalFailure')}
      </Alert>
    );
  const s = q.data;
  if (!s) return <Typography sx={{ p: 2 }}>{t('adminScreens.loading')}</Typography>;
  const jobs = s.jobs.running
    ? t('adminScreens.state.jobsQueued', { depth: s.jobs.depth, active: s.jobs.active })
    : t('adminScreens.state.jobsNotRunning');
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adminScreens.state.intro', { seconds: STATE_REFRESH_MS / 1000 })}
      </Typography>
      <Stack component="dl" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 3, m: 0, mb: 3 }}>
        <Fact label={t('adminScreens.state.version')} value={s.version} testId="state-version" />
        <Fact
          label={t('adminScreens.state.uptime')}
          value={formatDuration(s.uptimeSeconds)}
          testId="state-uptime"
        />
        <Fact
          label={t('adminScreens.state.database')}
          value={`${t(`adminScreens.state.db_${s.database.kind}`)} · ${formatSize(s.database.sizeBytes)}`}
          testId="state-database"
        />
        <Fact label={t('adminScreens.state.jobs')} value={jobs} testId="state-jobs" />
        <Fact
          label={t('adminScreens.state.sockets')}
          value={t('adminScreens.state.socketsValue', {
            total: s.sockets.total,
            signedIn: s.sockets.signedIn,
          })}
          testId="state-sockets"
        />
      </Stack>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('adminScreens.state.nodes', { count: s.nodes.length })}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('adminScreens.state.nodesTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('adminScreens.state.node')}</TableCell>
              <TableCell>{t('adminScreens.state.version')}</TableCell>
              <TableCell>{t('adminScreens.state.started')}</TableCell>
              <TableCell>{t('adminScreens.state.lastSeen')}</TableCell>
              <TableCell align="right">{t('adminScreens.state.openSockets')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.nodes.map((n) => (
              <TableRow key={n.nodeId}>
                <TableCell component="th" scope="row">
                  {n.nodeId}{' '}
                  {n.self && <Chip size="small" label={t('adminScreens.state.thisNode')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{n.version}</TableCell>
                <TableCell>{formatDate(n.startedAt)}</TableCell>
                <TableCell>{formatDate(n.seenAt)}</TableCell>
                <TableCell align="right">{n.sockets}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
