import { Avatar, Box, Button, Chip, IconButton, Menu, MenuItem, Paper, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useStepPanels, type Item, type StepPanelProps } from '../../../../client/module-api';
import type { StepInstance, StepState } from '../../types';
import { failureKey, useWorkflowAct } from '../wf-api';
import { AssignDialog, DueDialog, ForceStepDialog } from './dialogs';
import { dueStatus, initials, stateColor, stepMoves } from './panel-model';

interface Props {
  item: Item;
  step: StepInstance;
  n: number;
  /** Labels of people (and the workflow) by id. */
  labels: Readonly<Record<string, string>>;
  editable: boolean;
  force: boolean;
  /** The reader may take this unassigned step (wfTakeStep). */
  mayTake?: boolean;
  today: string;
  onSaved?(saved: Item): void;
}

type StepDialog = 'assign' | 'due' | 'force' | null;

/** One step of the panel: what it is, where it stands, and what may be done with it. */
export function StepRow({ item, step, n, labels, editable, force, mayTake, today, onSaved }: Props) {
  const { t } = useTranslation();
  const act = useWorkflowAct();
  const panels = useStepPanels();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<StepDialog>(null);
  const headingId = `wf-${item.$id}-${step.id}`;
  const due = dueStatus(step, today);
  // A person the reader may not read (the museum's curator reading the community's staff) is
  // "someone", never a bare id such as "User-3".
  const nameOf = (id: string) => labels[id] ?? t('item.someone');
  const assignee = step.assignedTo ? nameOf(step.assignedTo) : null;
  const Panel = step.state === 'ACTIVE' ? panels.get(step.kind) : undefined;

  async function moveTo(to: StepState) {
    setBusy(true);
    setFailure(null);
    try {
      await act('wfSetStepState', { item: item.$id, step: step.id, state: to });
    } catch (e) {
      setFailure(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  async function take() {
    setBusy(true);
    setFailure(null);
    try {
      await act('wfTakeStep', { item: item.$id, step: step.id });
    } catch (e) {
      setFailure(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  const open = (d: StepDialog) => {
    setMenu(null);
    setDialog(d);
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 1, borderLeftWidth: 4, borderLeftColor: step.state === 'ACTIVE' ? 'primary.main' : 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={stateColor(step.state)}
          variant={step.state === 'BLANK' ? 'outlined' : 'filled'}
          label={t(`workflow.states.${step.state}`)}
        />
        <Typography
          id={headingId}
          variant="body2"
          component="h3"
          sx={{ fontWeight: 500, flex: 1, minWidth: 120 }}
        >
          {`${n}. ${step.label}`}
        </Typography>
        {step.adHoc && <Chip size="small" variant="outlined" label={t('workflow.adHoc')} />}
        <Typography variant="caption" color="text.secondary">
          {t('workflow.stepKind', { kind: t(`workflow.kinds.${step.kind}`, { defaultValue: step.kind }) })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Avatar
            sx={{
              width: 24,
              height: 24,
              fontSize: 12,
              // Theme colours whose text contrast holds in light and dark mode alike.
              ...(assignee
                ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
                : { bgcolor: 'action.selected', color: 'text.primary' }),
            }}
            aria-hidden
          >
            {assignee ? initials(assignee) : '?'}
          </Avatar>
          <Typography variant="body2" color={assignee ? 'text.primary' : 'text.secondary'}>
            {assignee
              ? t('workflow.assignedTo', { name: assignee })
              : step.roleUnfilled
                ? t('workflow.roleUnfilled', {
                    role: t(`workflow.roles.${step.roleUnfilled}`).toLocaleLowerCase(),
                  })
                : t('workflow.unassigned')}
          </Typography>
          {mayTake && (
            <Button size="small" variant="outlined" disabled={busy} onClick={() => void take()}>
              {t('workflow.take')}
            </Button>
          )}
        </Box>
        {due && step.dueDate && (
          <Typography
            variant="body2"
            color={due === 'overdue' ? 'error' : due === 'today' ? 'warning.main' : 'text.secondary'}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              fontWeight: due === 'overdue' ? 600 : undefined,
            }}
          >
            {due === 'overdue' && <WarningAmberIcon fontSize="inherit" aria-hidden />}
            {due === 'overdue'
              ? t('workflow.overdue', { date: formatDate(step.dueDate) })
              : due === 'today'
                ? t('workflow.dueToday')
                : t('workflow.dueOn', { date: formatDate(step.dueDate) })}
          </Typography>
        )}
        {step.state === 'COMPLETE' && step.completedAt && (
          <Typography variant="body2" color="text.secondary">
            {step.completedBy
              ? t('workflow.completedBy', {
                  name: nameOf(step.completedBy),
                  date: formatDate(step.completedAt),
                })
              : t('workflow.completedOn', { date: formatDate(step.completedAt) })}
          </Typography>
        )}
      </Box>
      {(editable || force) && (
        <Box
          role="group"
          aria-label={t('workflow.stepActions', { label: step.label })}
          sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.75, alignItems: 'center' }}
        >
          {editable &&
            // A kind's panel completes its own step, saying what is missing first: one Complete.
            stepMoves(step.state)
              .filter((m) => !(Panel && m.to === 'COMPLETE'))
              .map((m) => (
                <Button
                  key={m.to}
                  size="small"
                  variant={
                    m.to === 'COMPLETE' || (m.to === 'ACTIVE' && step.state !== 'COMPLETE')
                      ? 'contained'
                      : 'outlined'
                  }
                  disabled={busy}
                  onClick={() => void moveTo(m.to)}
                >
                  {t(m.labelKey)}
                </Button>
              ))}
          <IconButton
            size="small"
            aria-label={t('workflow.moreActions', { label: step.label })}
            aria-haspopup="menu"
            aria-expanded={menu ? 'true' : undefined}
            onClick={(e) => setMenu(e.currentTarget)}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
            {editable && <MenuItem onClick={() => open('assign')}>{t('workflow.assignMenu')}</MenuItem>}
            {editable && <MenuItem onClick={() => open('due')}>{t('workflow.dueMenu')}</MenuItem>}
            {force && (
              <MenuItem onClick={() => open('force')}>
                {t('workflow.forceStep', { label: step.label })}
              </MenuItem>
            )}
          </Menu>
        </Box>
      )}
      {failure && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {t(failure)}
        </Typography>
      )}
      {Panel && (
        <Box sx={{ mt: 1 }}>
          <Suspense fallback={null}>
            <Panel
              item={item}
              step={step as unknown as StepPanelProps['step']}
              editable={editable}
              onSaved={onSaved}
            />
          </Suspense>
        </Box>
      )}
      {dialog === 'assign' && <AssignDialog item={item} step={step} onClose={() => setDialog(null)} />}
      {dialog === 'due' && <DueDialog item={item} step={step} onClose={() => setDialog(null)} />}
      {dialog === 'force' && <ForceStepDialog item={item} step={step} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
