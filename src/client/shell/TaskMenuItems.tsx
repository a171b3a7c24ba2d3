import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DownloadIcon from '@mui/icons-material/Download';
import StopCircleIcon from '@mui/icons-material/StopCircleOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  ListItemIcon,
  ListItemText,
  MenuItem,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskInfo } from '../state/socket-client';
import { isRunning, type TaskStore } from '../state/tasks';
import { useApp } from '../state/app-context';

/**
 * A determinate progress bar. Not MUI's LinearProgress: that component (and its animations) would
 * weigh on the start-up chunk for a bar that only shows while a task runs.
 */
function TaskProgress({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
      sx={{ height: 4, borderRadius: 2, overflow: 'hidden', bgcolor: 'action.selected', mt: 0.5 }}
    >
      <Box
        sx={{ height: '100%', width: `${pct}%`, bgcolor: 'primary.main', transition: 'width 0.4s linear' }}
      />
    </Box>
  );
}

/** Background tasks in the help menu: progress, download when done, kill after a confirmation. */
export function taskMenuItems(
  tasks: TaskInfo[],
  t: (k: string, o?: Record<string, unknown>) => string,
  onKill: (task: TaskInfo) => void,
  onDownload: (task: TaskInfo) => void,
  onDismiss: (task: TaskInfo) => void,
) {
  if (!tasks.length) return [];
  const name = (task: TaskInfo) =>
    t(`tasks.actions.${task.keyAction ?? 'task'}`, { defaultValue: t('tasks.actions.task') });
  const items = [
    // A disabled item, not a ListSubheader: a menu may hold only menu items (axe aria-required-children).
    <MenuItem key="tasks-header" disabled sx={{ typography: 'overline', '&.Mui-disabled': { opacity: 1 } }}>
      {t('tasks.title')}
    </MenuItem>,
    ...tasks.flatMap((task) => {
      const label = name(task);
      if (isRunning(task))
        return [
          <MenuItem key={task.key} onClick={() => onKill(task)} sx={{ display: 'block', minWidth: 280 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <ListItemText
                primary={label}
                secondary={t('tasks.running', { pct: task.percentageComplete })}
              />
              <StopCircleIcon fontSize="small" aria-hidden />
            </Box>
            <TaskProgress value={task.percentageComplete} label={t('tasks.progress', { name: label })} />
          </MenuItem>,
        ];
      if (task.errorKey)
        return [
          <MenuItem key={task.key} onClick={() => onDismiss(task)}>
            <ListItemIcon>
              <ErrorIcon fontSize="small" color={task.errorKey === 'cancelled' ? 'inherit' : 'error'} />
            </ListItemIcon>
            <ListItemText
              primary={label}
              secondary={`${task.errorKey === 'cancelled' ? t('tasks.cancelled') : t('tasks.failed')} — ${t('tasks.selectToRemove')}`}
            />
          </MenuItem>,
        ];
      // A task that made an item (an impact report) opens it; one that wrote a file downloads it.
      const opens = !task.resultURI && !!task.keyItem;
      return [
        <MenuItem key={task.key} onClick={() => onDownload(task)} disabled={!task.resultURI && !opens}>
          <ListItemIcon>
            {opens ? <OpenInNewIcon fontSize="small" /> : <DownloadIcon fontSize="small" />}
          </ListItemIcon>
          <ListItemText
            primary={t(opens ? 'tasks.open' : 'tasks.download', { name: label })}
            secondary={t(opens ? 'tasks.doneItem' : 'tasks.done')}
          />
        </MenuItem>,
        <MenuItem key={`${task.key}-dismiss`} onClick={() => onDismiss(task)} dense sx={{ pl: 7 }}>
          {t('tasks.dismissLabel', { name: label })}
        </MenuItem>,
      ];
    }),
    <Divider key="tasks-divider" />,
  ];
  return items;
}

/** The kill confirmation (app.killTaskConfirm); the kill itself runs on Apply. */
export function KillTaskDialog({
  task,
  store,
  onClose,
}: {
  task: TaskInfo | null;
  store: TaskStore;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { alerts } = useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={!!task} onClose={onClose} aria-labelledby="kill-task-title">
      <DialogTitle id="kill-task-title">{t('app.areYouSure')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('app.killTaskConfirm')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          onClick={() => {
            if (!task) return;
            setBusy(true);
            store
              .kill(task.key)
              .catch((e: unknown) => alerts.error(e))
              .finally(() => {
                setBusy(false);
                onClose();
              });
          }}
        >
          {t('app.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
