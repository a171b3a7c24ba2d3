import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useApp } from '../../../../client/module-api';
import type { LocalRecord, OfflineDb } from '../offline/db';
import { useLive } from '../offline/live';
import { runSync, useCanSync, useSyncRunner } from '../offline/sync-runner';
import { ConflictDialog } from './ConflictDialog';

// The sync status (geokeeper.collect and geokeeper.my-data): what waits, what was refused and
// why, what someone else changed meanwhile (opened beside the server's record), with Retry.
// While anything is held the browser warns before the page unloads.

export interface HeldSummary {
  waiting: LocalRecord[];
  failed: LocalRecord[];
  conflicts: LocalRecord[];
  files: number;
}

export function useHeld(db: OfflineDb | null): HeldSummary | undefined {
  return useLive(async () => {
    if (!db) return { waiting: [], failed: [], conflicts: [], files: 0 };
    const records = await db.records.where('sync').anyOf('new', 'held', 'failed', 'conflict').toArray();
    return {
      waiting: records.filter((r) => r.sync === 'new' || r.sync === 'held'),
      failed: records.filter((r) => r.sync === 'failed'),
      conflicts: records.filter((r) => r.sync === 'conflict'),
      files: await db.files.where('uploaded').equals(0).count(),
    };
  }, [db]);
}

/** The browser's own warning on leaving the page while the device holds unsent data. */
export function useUnloadWarning(held: boolean): void {
  useEffect(() => {
    if (!held) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show the dialog.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [held]);
}

export function SyncStatus({ db, compact = false }: { db: OfflineDb | null; compact?: boolean }) {
  const { t } = useTranslation();
  const { client } = useApp();
  const held = useHeld(db);
  const runner = useSyncRunner();
  const canSync = useCanSync();
  const [open, setOpen] = useState<LocalRecord | null>(null);
  const pending = held ? held.waiting.length + held.failed.length + held.conflicts.length + held.files : 0;
  useUnloadWarning(pending > 0);
  if (!held || !db) return null;

  const severity = held.failed.length || held.conflicts.length ? 'warning' : pending ? 'info' : 'success';
  const Icon = !canSync
    ? CloudOffOutlined
    : held.failed.length || held.conflicts.length
      ? ErrorOutlineOutlined
      : pending
        ? CloudUploadOutlined
        : CloudDoneOutlined;
  return (
    <Box component="section" aria-label={t('geokeeper.sync.title')} data-testid="sync-status">
      <Alert
        severity={severity}
        icon={<Icon />}
        action={
          (held.failed.length > 0 || pending > 0) && canSync ? (
            <Button
              color="inherit"
              size="large"
              disabled={runner.running}
              onClick={() => void retry(db, client)}
            >
              {t('geokeeper.sync.retry')}
            </Button>
          ) : undefined
        }
      >
        <Stack spacing={0.5}>
          {pending === 0 && <span>{t('geokeeper.sync.allSent')}</span>}
          {held.waiting.length > 0 && (
            <span>{t('geokeeper.sync.waiting', { count: held.waiting.length })}</span>
          )}
          {held.files > 0 && <span>{t('geokeeper.sync.files', { count: held.files })}</span>}
          {held.failed.length > 0 && <span>{t('geokeeper.sync.failed', { count: held.failed.length })}</span>}
          {held.conflicts.length > 0 && (
            <span>{t('geokeeper.sync.conflicts', { count: held.conflicts.length })}</span>
          )}
          {pending > 0 && !canSync && <span>{t('geokeeper.sync.offline')}</span>}
          {runner.running && <span>{t('geokeeper.sync.running')}</span>}
          {!runner.running && runner.last?.interrupted && <span>{t('geokeeper.sync.interrupted')}</span>}
          {!compact && runner.lastRun && (
            <Typography variant="caption">
              {t('geokeeper.sync.lastRun', { time: formatDate(runner.lastRun) })}
            </Typography>
          )}
        </Stack>
      </Alert>
      {runner.running && <LinearProgress aria-label={t('geokeeper.sync.running')} />}
      {(held.failed.length > 0 || held.conflicts.length > 0) && (
        <List dense aria-label={t('geokeeper.sync.title')}>
          {[...held.conflicts, ...held.failed].map((r) => (
            <ListItem
              key={r.localId}
              secondaryAction={
                r.sync === 'conflict' ? (
                  <Button variant="outlined" onClick={() => setOpen(r)} sx={{ minHeight: 44 }}>
                    {t('geokeeper.sync.conflict.resolve')}
                  </Button>
                ) : undefined
              }
            >
              <ListItemText
                primary={r.fields.customLabel || r.label}
                secondary={
                  r.sync === 'conflict'
                    ? t('geokeeper.sync.state.conflict')
                    : `${t('geokeeper.sync.state.failed')}: ${t(`errors.${r.error ?? 'generalFailure'}`)}`
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {open && <ConflictDialog db={db} record={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}

async function retry(db: OfflineDb, client: Parameters<typeof runSync>[1]): Promise<void> {
  // A refused record is sent again as it is now (its reason may have gone: a program reopened).
  await db.records
    .where('sync')
    .equals('failed')
    .modify((r) => {
      r.sync = r.serverId ? 'held' : 'new';
    });
  await runSync(db, client);
}
