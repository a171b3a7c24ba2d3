import { DialogContentText, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSearchReply, useApp, useLov, type Item } from '../../../../client/module-api';
import { STEP_STATES, type StepInstance, type StepState } from '../../types';
import { AssigneeField } from '../designer/AssigneeField';
import { useStepKinds, useWorkflowAct, type KindChoice } from '../wf-api';
import { ActDialog } from './ActDialog';

// The panel's dialogs, one per act that needs a choice first. Each keeps what was entered when
// the act fails, and names the reason (ActDialog).

interface Base {
  item: Item;
  onClose(): void;
}

/** wfStartManual: one of the owner's workflows for this type. */
export function StartDialog({ item, onClose }: Base) {
  const { t } = useTranslation();
  const { client } = useApp();
  const act = useWorkflowAct();
  const [workflow, setWorkflow] = useState('');
  const q = useQuery({
    queryKey: ['wfStartChoices', item._t, item.owner],
    queryFn: async () =>
      readSearchReply(
        await client.request('search/ids', {
          must: { _t: ['Workflow'], appliesTo: [item._t], ...(item.owner ? { owner: [item.owner] } : {}) },
          sort: [{ key: 'label', order: 'asc' }],
          max: 100,
          labels: true,
        }),
      ),
    retry: false,
  });
  const ids = q.data?.ids ?? [];
  return (
    <ActDialog
      title={t('workflow.startTitle')}
      confirmLabel={t('workflow.start')}
      disabled={!workflow}
      onClose={onClose}
      onConfirm={async () => {
        await act('wfStartManual', { item: item.$id, workflow });
      }}
    >
      {q.isSuccess && ids.length === 0 ? (
        <DialogContentText>{t('workflow.noWorkflows')}</DialogContentText>
      ) : (
        <TextField
          select
          autoFocus
          label={t('workflow.chooseWorkflow')}
          value={workflow}
          onChange={(e) => setWorkflow(e.target.value)}
          required
        >
          {ids.map((id) => (
            <MenuItem key={id} value={id}>
              {q.data?.labels[id] ?? id}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ActDialog>
  );
}

/** wfAddStep: a step of a kind that may be added ad hoc, on this item only. */
export function AddStepDialog({ item, steps, onClose }: Base & { steps: readonly StepInstance[] }) {
  const { t } = useTranslation();
  const act = useWorkflowAct();
  const kinds = useAdHocKinds(item._t);
  const [kind, setKind] = useState('');
  const [label, setLabel] = useState('');
  const [assignedTo, setAssignedTo] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [after, setAfter] = useState('');
  const chosenKind = kind || kinds[0]?.kind || '';
  return (
    <ActDialog
      title={t('workflow.addStepTitle')}
      confirmLabel={t('workflow.add')}
      disabled={!chosenKind || !label.trim()}
      onClose={onClose}
      onConfirm={async () => {
        await act('wfAddStep', {
          item: item.$id,
          kind: chosenKind,
          label: label.trim(),
          ...(assignedTo ? { assignedTo } : {}),
          ...(dueDate ? { dueDate } : {}),
          ...(after ? { after } : {}),
        });
      }}
    >
      <TextField
        autoFocus
        label={t('workflow.stepLabel')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        required
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        select
        label={t('workflow.kind')}
        value={chosenKind}
        onChange={(e) => setKind(e.target.value)}
        required
      >
        {kinds.map((k) => (
          <MenuItem key={k.kind} value={k.kind}>
            {t(`workflow.kinds.${k.kind}`, { defaultValue: k.kind })}
          </MenuItem>
        ))}
      </TextField>
      <AssigneeField
        owner={item.owner ?? null}
        value={assignedTo}
        onChange={setAssignedTo}
        label={t('workflow.assign')}
      />
      <TextField
        type="date"
        label={t('workflow.dueDate')}
        value={dueDate}
        onChange={(e) => setDueDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField select label={t('workflow.after')} value={after} onChange={(e) => setAfter(e.target.value)}>
        <MenuItem value="">{t('workflow.atEnd')}</MenuItem>
        {steps.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
    </ActDialog>
  );
}

/** The kinds a type's items may get ad hoc steps of. */
export function useAdHocKinds(type: string): KindChoice[] {
  return useStepKinds(type).kinds.filter((k) => k.adHoc);
}

/** wfAssignStep: a person of the item's organisation, or nobody. */
export function AssignDialog({ item, step, onClose }: Base & { step: StepInstance }) {
  const { t } = useTranslation();
  const act = useWorkflowAct();
  const [user, setUser] = useState<string | null>(step.assignedTo);
  return (
    <ActDialog
      title={t('workflow.assignTitle', { label: step.label })}
      confirmLabel={t('workflow.assign')}
      disabled={!user}
      onClose={onClose}
      onConfirm={async () => {
        await act('wfAssignStep', { item: item.$id, step: step.id, assignedTo: user });
      }}
      extra={
        step.assignedTo
          ? {
              label: t('workflow.unassign'),
              run: async () => {
                await act('wfAssignStep', { item: item.$id, step: step.id, assignedTo: null });
              },
            }
          : undefined
      }
    >
      <AssigneeField owner={item.owner ?? null} value={user} onChange={setUser} />
    </ActDialog>
  );
}

/** wfSetStepDue: a calendar day, or none. */
export function DueDialog({ item, step, onClose }: Base & { step: StepInstance }) {
  const { t } = useTranslation();
  const act = useWorkflowAct();
  const [due, setDue] = useState(step.dueDate?.slice(0, 10) ?? '');
  return (
    <ActDialog
      title={t('workflow.dueTitle', { label: step.label })}
      confirmLabel={t('workflow.save')}
      disabled={!/^\d{4}-\d{2}-\d{2}$/.test(due)}
      onClose={onClose}
      onConfirm={async () => {
        await act('wfSetStepDue', { item: item.$id, step: step.id, dueDate: due });
      }}
      extra={
        step.dueDate
          ? {
              label: t('workflow.clearDue'),
              run: async () => {
                await act('wfSetStepDue', { item: item.$id, step: step.id, dueDate: null });
              },
            }
          : undefined
      }
    >
      <TextField
        autoFocus
        type="date"
        label={t('workflow.dueDate')}
        value={due}
        onChange={(e) => setDue(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </ActDialog>
  );
}

/** wfForceStepState: any state, outside the table (the owner's editors and orgAdmins). */
export function ForceStepDialog({ item, step, onClose }: Base & { step: StepInstance }) {
  const { t } = useTranslation();
  const act = useWorkflowAct();
  const [state, setState] = useState<StepState>(step.state);
  return (
    <ActDialog
      title={t('workflow.forceStepTitle', { label: step.label })}
      confirmLabel={t('workflow.confirm')}
      disabled={state === step.state}
      onClose={onClose}
      onConfirm={async () => {
        await act('wfForceStepState', { item: item.$id, step: step.id, state });
      }}
    >
      <DialogContentText>{t('workflow.forceStepHelp')}</DialogContentText>
      <TextField
        select
        autoFocus
        label={t('workflow.stepState')}
        value={state}
        onChange={(e) => setState(e.target.value as StepState)}
      >
        {STEP_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`workflow.states.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </ActDialog>
  );
}

/** wfForceState: the item's workflow state, from its organisation's list for the type. */
export function ForceStateDialog({ item, stateList, onClose }: Base & { stateList: string | null }) {
  const { t } = useTranslation();
  const act = useWorkflowAct();
  const current = typeof item['_wf.state'] === 'string' ? item['_wf.state'] : '';
  const [state, setState] = useState(current);
  const lov = useLov(stateList ?? undefined, item.owner ?? null);
  const entries = lov.entries
    ? [...lov.entries.values()].filter((e) => !e.archived || e.key === current)
    : [];
  return (
    <ActDialog
      title={t('workflow.forceStateTitle')}
      confirmLabel={t('workflow.confirm')}
      disabled={!state.trim() || state === current}
      onClose={onClose}
      onConfirm={async () => {
        await act('wfForceState', { item: item.$id, state: state.trim() });
      }}
    >
      <DialogContentText>{t('workflow.forceStateHelp')}</DialogContentText>
      {entries.length > 0 ? (
        <TextField
          select
          autoFocus
          label={t('workflow.workflowState')}
          value={state}
          onChange={(e) => setState(e.target.value)}
        >
          {entries.map((e) => (
            <MenuItem key={e.key} value={e.key}>
              {e.label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        // Without the list (none kept yet, or offline), the value as typed; the server checks it.
        <TextField
          autoFocus
          label={t('workflow.workflowState')}
          value={state}
          onChange={(e) => setState(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      )}
    </ActDialog>
  );
}

/** wfApplySteps and wfClear: a confirmation. */
export function ConfirmActDialog({ item, which, onClose }: Base & { which: 'wfApplySteps' | 'wfClear' }) {
  const { t } = useTranslation();
  const act = useWorkflowAct();
  return (
    <ActDialog
      title={t(which === 'wfClear' ? 'workflow.clear' : 'workflow.applySteps')}
      confirmLabel={t('workflow.confirm')}
      onClose={onClose}
      onConfirm={async () => {
        await act(which, { item: item.$id });
      }}
    >
      <DialogContentText>
        {t(which === 'wfClear' ? 'workflow.clearHelp' : 'workflow.applyStepsHelp')}
      </DialogContentText>
    </ActDialog>
  );
}
