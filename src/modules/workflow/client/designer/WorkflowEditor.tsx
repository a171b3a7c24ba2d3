import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { visuallyHidden } from '@mui/utils';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  itemKey,
  typeLabel,
  useApp,
  useCell,
  useItem,
  useCellLink,
  type Item,
} from '../../../../client/module-api';
import { failureKey, useStepKinds } from '../wf-api';
import { workflowsKey, type WorkflowItem } from './design-scope';
import {
  addStep,
  draftsOf,
  moveStep,
  removeStep,
  stepDefsOf,
  updateStep,
  type DraftStep,
  type StepErrors,
} from './designer-model';
import { StepEditor, type StepButton } from './StepEditor';

interface Draft {
  label: string;
  description: string;
  isDefault: boolean;
  steps: DraftStep[];
}

function draftOf(w: WorkflowItem): Draft {
  return {
    label: w.label ?? '',
    description: w.description ?? '',
    isDefault: w.isDefault === true,
    steps: draftsOf(w.steps),
  };
}

/**
 * The step editor of one Workflow: its name, description and default flag, and its steps (add,
 * move up and down, remove; each step's kind, name, default assignee, due rule and start rule).
 * What is typed stays until saved or discarded: a failed save loses nothing, and a change pushed
 * by someone else replaces the form only while it holds no edits.
 */
export function WorkflowEditor({ id }: { id: string }) {
  const { t } = useTranslation();
  const { client, alerts } = useApp();
  const qc = useQueryClient();
  const cell = useCell();
  const q = useItem(id);
  const w = q.data as WorkflowItem | undefined;
  const editable = w?.$allowed?.update === true;
  const { kinds } = useStepKinds(w?.appliesTo ?? null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [base, setBase] = useState<string>('');
  // The version the form was built from: a save over someone else's change is refused as stale
  // (the edits stay), never written over it.
  const [baseVersion, setBaseVersion] = useState(0);
  const [errors, setErrors] = useState<Record<number, StepErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [announce, setAnnounce] = useState('');
  const focusNext = useRef<{ id: string; button: StepButton } | null>(null);
  const link = useCellLink()(`i-${id}`);

  const stored = w ? JSON.stringify(draftOf(w)) : '';
  const dirty = !!draft && JSON.stringify(draft) !== base;
  // The stored workflow becomes the form when it first loads, and when it changes while the form
  // holds no edits of its own (a save here, or someone else's).
  useEffect(() => {
    if (!w || stored === base) return;
    if (!draft || JSON.stringify(draft) === base) {
      setDraft(draftOf(w));
      setBase(stored);
      setBaseVersion(w.$version);
    }
  }, [w, stored, base, draft]);

  useEffect(() => {
    cell.setDirty(dirty ? 'DIRTY' : 'NONE');
  }, [cell, dirty]);
  useEffect(() => () => cell.setDirty('NONE'), [cell]);

  // After a move by keyboard, the focus stays on the moved step's button.
  useEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    focusNext.current = null;
    const el = document.getElementById(`wf-step-${f.id}-${f.button}`) as HTMLButtonElement | null;
    if (el && !el.disabled) el.focus();
    else document.getElementById(`wf-step-${f.id}-${f.button === 'up' ? 'down' : 'up'}`)?.focus();
  });

  if (!w || !draft) return null;
  const setSteps = (steps: DraftStep[]) => setDraft({ ...draft, steps });

  function move(index: number, delta: number, button: StepButton) {
    if (!draft) return;
    const next = moveStep(draft.steps, index, delta);
    const step = draft.steps[index]!;
    focusNext.current = { id: step.id, button };
    setSteps(next);
    setErrors({});
    const n = next.findIndex((s) => s.id === step.id) + 1;
    setAnnounce(t('workflow.moved', { label: step.label || step.id, n, count: next.length }));
  }

  function remove(index: number) {
    if (!draft) return;
    const step = draft.steps[index]!;
    setSteps(removeStep(draft.steps, index));
    setErrors({});
    setAnnounce(t('workflow.removed', { label: step.label || step.id }));
    // The focus goes to the step now in its place, else to "Add a step".
    const after = draft.steps[index + 1] ?? draft.steps[index - 1];
    focusNext.current = after ? { id: after.id, button: 'remove' } : null;
    if (!after) setTimeout(() => document.getElementById(`wf-add-step-${id}`)?.focus());
  }

  async function save() {
    if (!draft || !w) return;
    setFailure(null);
    if (!draft.label.trim()) {
      setFailure('workflow.errors.workflowLabel');
      return;
    }
    const checked = stepDefsOf(draft.steps);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure('workflow.errors.fix');
      return;
    }
    setErrors({});
    setSaving(true);
    cell.setDirty('SAVING');
    try {
      const reply = await client.request<Item>('update', {
        $id: w.$id,
        $version: baseVersion,
        label: draft.label.trim(),
        description: draft.description.trim() || null,
        isDefault: draft.isDefault,
        steps: checked.steps,
      });
      const saved = { ...reply, $allowed: w.$allowed } as WorkflowItem;
      qc.setQueryData(itemKey(w.$id), saved);
      const next = draftOf(saved);
      setDraft(next);
      setBase(JSON.stringify(next));
      setBaseVersion(saved.$version);
      await qc.invalidateQueries({ queryKey: workflowsKey });
      alerts.push({ type: 'success', key: 'workflow.saved' });
    } catch (e) {
      // Nothing typed is lost: the form keeps the edits, and says why the save failed.
      cell.setDirty('ERROR');
      setFailure(failureKey(e));
    } finally {
      setSaving(false);
    }
  }

  const titleId = `wf-editor-${id}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'grid', gap: 2 }}
    >
      <Box>
        <Typography id={titleId} variant="h6" component="h2">
          {w.label ?? w.$id}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {w.appliesTo && (
            <Typography variant="body2" color="text.secondary">
              {t('workflow.runsOn', { type: typeLabel(t, w.appliesTo) })}
            </Typography>
          )}
          <Link href={link.href} onClick={link.onClick} variant="body2">
            {t('workflow.openRecord')}
          </Link>
        </Box>
      </Box>
      <TextField
        label={t('workflow.label')}
        value={draft.label}
        onChange={(e) => setDraft({ ...draft, label: e.target.value })}
        disabled={!editable}
        required
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label={t('workflow.description')}
        value={draft.description}
        onChange={(e) => setDraft({ ...draft, description: e.target.value })}
        disabled={!editable}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.isDefault}
            onChange={(e) => setDraft({ ...draft, isDefault: e.target.checked })}
            disabled={!editable}
          />
        }
        label={t('workflow.isDefault')}
      />
      <Typography variant="subtitle1" component="h3">
        {t('workflow.stepsTitle')}
      </Typography>
      {draft.steps.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('workflow.noSteps')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {draft.steps.map((s, i) => (
          <StepEditor
            key={s.id}
            step={s}
            index={i}
            count={draft.steps.length}
            kinds={kinds}
            appliesTo={w.appliesTo ?? null}
            owner={w.owner ?? null}
            editable={editable}
            errors={errors[i] ?? {}}
            onChange={(patch) => setSteps(updateStep(draft.steps, i, patch))}
            onMove={(delta, button) => move(i, delta, button)}
            onRemove={() => remove(i)}
          />
        ))}
      </Box>
      <Box sx={visuallyHidden} aria-live="polite" role="status">
        {announce}
      </Box>
      {editable && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            id={`wf-add-step-${id}`}
            startIcon={<AddIcon />}
            onClick={() => {
              const next = addStep(draft.steps, kinds[0]?.kind ?? '');
              focusNext.current = { id: next.at(-1)!.id, button: 'label' };
              setSteps(next);
            }}
          >
            {t('workflow.addStepDesign')}
          </Button>
        </Box>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {t(failure)}
        </Alert>
      )}
      {editable && (
        <Box
          sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}
        >
          {dirty && (
            <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
              {t('workflow.unsaved')}
            </Typography>
          )}
          <Button
            disabled={!dirty || saving}
            onClick={() => {
              setDraft(draftOf(w));
              setBase(stored);
              setBaseVersion(w.$version);
              setErrors({});
              setFailure(null);
            }}
          >
            {t('workflow.discard')}
          </Button>
          <Button variant="contained" disabled={!dirty || saving} onClick={() => void save()}>
            {t('workflow.save')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
