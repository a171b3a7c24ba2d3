import { Alert, Box, Button, Chip, Menu, MenuItem, Paper, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemLabels, useLovLabel, type ItemSectionProps } from '../../../../client/module-api';
import type { StepInstance } from '../../types';
import { AddStepDialog, ConfirmActDialog, ForceStateDialog, StartDialog, useAdHocKinds } from './dialogs';
import { instanceOf, mayForce, mayTakeStep, peopleOf, todayIso } from './panel-model';
import { StepRow } from './StepRow';

type PanelDialog = 'start' | 'addStep' | 'forceState' | 'wfApplySteps' | 'wfClear' | null;

/**
 * The workflow panel of an item whose type runs workflows (spec capability-modules §2, §4): its
 * steps with their state, assignee, due date and who completed them, each step's moves allowed by
 * the transition table, assigning and due dates, the step kind's own panel under an ACTIVE step,
 * and for the owner's editors and orgAdmins the force menu. It reads the item the record reads
 * (the cache the item's watch keeps current), so it changes live.
 */
export function WorkflowPanel({ item, type, editable, user, onSaved }: ItemSectionProps) {
  const { t } = useTranslation();
  const wf = instanceOf(item._wf);
  const labels = useItemLabels([...peopleOf(wf), ...(wf?.workflow ? [wf.workflow] : [])]);
  const force = mayForce(user, item.owner ?? null);
  const adHoc = useAdHocKinds(item._t);
  const [dialog, setDialog] = useState<PanelDialog>(null);
  const [forceAnchor, setForceAnchor] = useState<HTMLElement | null>(null);
  const today = todayIso();
  const titleId = `wf-panel-${item.$id}`;
  const state = typeof item['_wf.state'] === 'string' ? item['_wf.state'] : null;
  // The state in the organisation's words (RWF_STATES, GKF_STATES…), as lists and facets show it.
  const lovLabel = useLovLabel([type]);
  const stateList = type.allProperties['_wf.state']?.lov;
  const stateLabel = state && stateList ? (lovLabel(stateList, state, item.owner ?? null) ?? state) : state;
  // A workflow the reader may not read (an institution reading a shared belonging) is named by
  // its state alone: never by a bare id such as "Workflow-3".
  const title = wf?.workflow
    ? labels[wf.workflow]
      ? t('workflow.panelOf', { label: labels[wf.workflow] })
      : t('workflow.panel')
    : wf
      ? t('workflow.panelOf', { label: t('workflow.adHocOnly') })
      : t('workflow.panel');
  const openForce = (d: PanelDialog) => {
    setForceAnchor(null);
    setDialog(d);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: wf ? 1 : 0 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography>
        {state && <Chip size="small" variant="outlined" label={t('workflow.state', { state: stateLabel })} />}
        {force && (
          <>
            <Button
              size="small"
              aria-haspopup="menu"
              aria-expanded={forceAnchor ? 'true' : undefined}
              onClick={(e) => setForceAnchor(e.currentTarget)}
            >
              {t('workflow.force')}
            </Button>
            <Menu anchorEl={forceAnchor} open={!!forceAnchor} onClose={() => setForceAnchor(null)}>
              <MenuItem onClick={() => openForce('forceState')}>{t('workflow.forceState')}</MenuItem>
              {wf?.workflow && (
                <MenuItem onClick={() => openForce('wfApplySteps')}>{t('workflow.applySteps')}</MenuItem>
              )}
              {wf && <MenuItem onClick={() => openForce('wfClear')}>{t('workflow.clear')}</MenuItem>}
            </Menu>
          </>
        )}
      </Box>
      {!wf ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {t('workflow.noWorkflow')}
          </Typography>
          {editable && (
            <Button size="small" variant="outlined" onClick={() => setDialog('start')}>
              {t('workflow.startManual')}
            </Button>
          )}
        </Box>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {wf.steps.map((s: StepInstance, i) => (
            <StepRow
              key={s.id}
              item={item}
              step={s}
              n={i + 1}
              labels={labels}
              editable={editable}
              force={force}
              mayTake={mayTakeStep(user, item.owner ?? null, s)}
              today={today}
              onSaved={onSaved}
            />
          ))}
        </Box>
      )}
      {editable && wf && adHoc.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog('addStep')}>
            {t('workflow.addStep')}
          </Button>
        </Box>
      )}
      {wf && wf.steps.length === 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('workflow.noStepsItem')}
        </Alert>
      )}
      {dialog === 'start' && <StartDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === 'addStep' && wf && (
        <AddStepDialog item={item} steps={wf.steps} onClose={() => setDialog(null)} />
      )}
      {dialog === 'forceState' && (
        <ForceStateDialog
          item={item}
          stateList={type.workflow?.stateList ?? null}
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog === 'wfApplySteps' || dialog === 'wfClear') && (
        <ConfirmActDialog item={item} which={dialog} onClose={() => setDialog(null)} />
      )}
    </Paper>
  );
}
