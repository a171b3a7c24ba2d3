import { Box, IconButton, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { itemType, keyLabel, useLov } from '../../../../client/module-api';
import { ROLES, type Role } from '../../../../protocol/access-levels';
import { preferableProperties } from '../../types';
import type { KindChoice } from '../wf-api';
import { AssigneeField } from './AssigneeField';
import type { AssigneeMode, DraftStep, StepErrors } from './designer-model';

/** The step's buttons and first field, by the suffix of their element ids (for the focus after a move). */
export type StepButton = 'up' | 'down' | 'remove' | 'label';

interface Props {
  step: DraftStep;
  index: number;
  count: number;
  kinds: readonly KindChoice[];
  appliesTo: string | null;
  owner: string | null;
  editable: boolean;
  errors: StepErrors;
  onChange(patch: Partial<DraftStep>): void;
  onMove(delta: number, button: StepButton): void;
  onRemove(): void;
}

/** The date properties of the type a due rule may count from (not the engine's own `_wf.*`). */
function dateProperties(type: string | null): string[] {
  const t = type ? itemType(type) : undefined;
  if (!t) return [];
  return Object.entries(t.allProperties)
    .filter(([name, p]) => (p.kind === 'date' || p.kind === 'dateTime') && !name.startsWith('_'))
    .map(([name]) => name);
}

/** The properties of the type a role step may prefer people from: its relations to User. */
function peopleProperties(type: string | null): string[] {
  const t = type ? itemType(type) : undefined;
  return t ? preferableProperties(t.properties) : [];
}

/** One step of the designer: its place (move up, down, remove) and its fields. */
export function StepEditor(props: Props) {
  const { step, index, count, kinds, appliesTo, owner, editable, errors, onChange, onMove, onRemove } = props;
  const { t } = useTranslation();
  const n = index + 1;
  const idOf = (b: StepButton) => `wf-step-${step.id}-${b}`;
  const headingId = `wf-step-${step.id}-heading`;
  const err = (k: keyof StepErrors) => (errors[k] ? t(errors[k]) : undefined);
  const kindLabel = (k: string) => t(`workflow.kinds.${k}`, { defaultValue: k });
  // A stored kind this type no longer offers stays visible as the current value.
  const kindChoices =
    kinds.some((k) => k.kind === step.kind) || !step.kind
      ? kinds
      : [{ kind: step.kind, adHoc: false }, ...kinds];
  const dates = dateProperties(appliesTo);
  // Named by their labels ("Assigned staff"), never by their keys; a stored one the type no
  // longer has stays visible as the current value.
  const people = peopleProperties(appliesTo);
  if (step.prefer && !people.includes(step.prefer)) people.unshift(step.prefer);
  const propLabel = (p: string) => (appliesTo ? keyLabel(t, appliesTo, p) : p);
  // What completing the step writes as the item's workflow state (`sets['_wf.state']`), chosen
  // from the owner's own list of states for the type (ConsultResponse: RWF_STATES).
  const stateList = appliesTo ? itemType(appliesTo)?.workflow?.stateList : undefined;
  const lov = useLov(stateList, owner);
  const setsState = typeof step.sets?.['_wf.state'] === 'string' ? step.sets['_wf.state'] : '';
  const stateChoices = [...(lov.entries?.values() ?? [])].filter((e) => !e.archived || e.key === setsState);
  if (setsState && !stateChoices.some((e) => e.key === setsState))
    stateChoices.unshift({ key: setsState, label: setsState, archived: false });
  const changeSetsState = (value: string) => {
    const { ['_wf.state']: _old, ...rest } = step.sets ?? {};
    const sets = value ? { ...rest, '_wf.state': value } : rest;
    onChange({ sets: Object.keys(sets).length ? sets : undefined });
  };

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 1.5, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h4" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {step.label.trim()
            ? t('workflow.stepN', { n, label: step.label })
            : t('workflow.stepUntitled', { n })}
        </Typography>
        {editable && (
          <>
            <Tooltip title={t('workflow.moveUp', { n })}>
              <span>
                <IconButton
                  id={idOf('up')}
                  size="small"
                  aria-label={t('workflow.moveUp', { n })}
                  disabled={index === 0}
                  onClick={() => onMove(-1, 'up')}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('workflow.moveDown', { n })}>
              <span>
                <IconButton
                  id={idOf('down')}
                  size="small"
                  aria-label={t('workflow.moveDown', { n })}
                  disabled={index === count - 1}
                  onClick={() => onMove(1, 'down')}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('workflow.remove', { n })}>
              <IconButton
                id={idOf('remove')}
                size="small"
                aria-label={t('workflow.remove', { n })}
                onClick={onRemove}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id={idOf('label')}
          size="small"
          label={t('workflow.stepLabel')}
          value={step.label}
          onChange={(e) => onChange({ label: e.target.value })}
          disabled={!editable}
          required
          error={!!err('label')}
          helperText={err('label')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          select
          size="small"
          label={t('workflow.kind')}
          value={step.kind}
          onChange={(e) => onChange({ kind: e.target.value })}
          disabled={!editable}
          required
          error={!!err('kind')}
          helperText={err('kind')}
        >
          {kindChoices.map((k) => (
            <MenuItem key={k.kind} value={k.kind}>
              {kindLabel(k.kind)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('workflow.rule')}
          value={step.rule}
          onChange={(e) => onChange({ rule: e.target.value === 'manual' ? 'manual' : 'next' })}
          disabled={!editable}
        >
          <MenuItem value="next">{t('workflow.rules.next')}</MenuItem>
          <MenuItem value="manual">{t('workflow.rules.manual')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('workflow.assignee')}
          value={step.assignee}
          onChange={(e) => onChange({ assignee: e.target.value as AssigneeMode })}
          disabled={!editable}
        >
          {(['none', 'user', 'role'] as const).map((m) => (
            <MenuItem key={m} value={m}>
              {t(`workflow.assigneeModes.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        {step.assignee === 'user' && (
          <AssigneeField
            owner={owner}
            value={step.user}
            onChange={(user) => onChange({ user })}
            disabled={!editable}
            error={err('user')}
          />
        )}
        {step.assignee === 'role' && (
          <TextField
            select
            size="small"
            label={t('workflow.role')}
            value={step.role ?? ''}
            onChange={(e) => onChange({ role: e.target.value as Role })}
            disabled={!editable}
            error={!!err('role')}
            helperText={err('role')}
          >
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`workflow.roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {step.assignee === 'role' && people.length > 0 && (
          <TextField
            select
            size="small"
            label={t('workflow.prefer')}
            value={step.prefer}
            onChange={(e) => onChange({ prefer: e.target.value })}
            disabled={!editable}
            // What the choice does, once there is one ("Nobody in particular" needs no words).
            helperText={step.prefer ? t('workflow.preferHelp') : undefined}
            // "Nobody in particular" is a choice of its own, shown as the value.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('workflow.preferNone')}</MenuItem>
            {people.map((p) => (
              <MenuItem key={p} value={p}>
                {propLabel(p)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={t('workflow.due')}
          value={step.dueFrom}
          onChange={(e) => onChange({ dueFrom: e.target.value })}
          disabled={!editable}
          // "No due date" is a choice of its own, shown as the value (not an empty field).
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('workflow.dueNone')}</MenuItem>
          <MenuItem value="start">{t('workflow.dueStart')}</MenuItem>
          {dates.map((d) => (
            <MenuItem key={d} value={d}>
              {t('workflow.dueAfter', { property: appliesTo ? keyLabel(t, appliesTo, d) : d })}
            </MenuItem>
          ))}
          {step.dueFrom && step.dueFrom !== 'start' && !dates.includes(step.dueFrom) && (
            <MenuItem value={step.dueFrom}>{t('workflow.dueAfter', { property: step.dueFrom })}</MenuItem>
          )}
        </TextField>
        {step.dueFrom && (
          <TextField
            size="small"
            type="number"
            label={t('workflow.dueDays')}
            value={step.dueDays}
            onChange={(e) => onChange({ dueDays: e.target.value })}
            disabled={!editable}
            required
            error={!!err('dueDays')}
            helperText={err('dueDays') ?? t('workflow.dueDaysHelp')}
            slotProps={{ htmlInput: { min: -365, max: 3650, step: 1 } }}
          />
        )}
        {stateList && (
          <TextField
            select
            size="small"
            label={t('workflow.setsState')}
            value={setsState}
            onChange={(e) => changeSetsState(e.target.value)}
            disabled={!editable}
            helperText={t('workflow.setsStateHelp')}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('workflow.setsNone')}</MenuItem>
            {stateChoices.map((e) => (
              <MenuItem key={e.key} value={e.key}>
                {e.superState
                  ? t('workflow.stateWithSuper', {
                      label: e.label,
                      group: t(`workflow.superStates.${e.superState}`, { defaultValue: e.superState }),
                    })
                  : e.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
    </Paper>
  );
}
