import { ROLES, type Role } from '../../../../protocol/access-levels';
import type { StepDef } from '../../types';

// The designer's steps as the form edits them, and back to the `steps` a Workflow stores. Pure,
// so the rules (unique ids, order, what is saved) are tested without a browser. The limits are
// those of workflow/contract.ts StepDefZ (the client imports contracts as types only, to keep zod
// out of its chunks); the server checks `steps` again on save, with the registered kinds.

const LABEL_MAX = 200;

export type AssigneeMode = 'none' | 'user' | 'role';

/** One step in the form: the due days are text while typed, the assignee a mode and a value. */
export interface DraftStep {
  id: string;
  kind: string;
  label: string;
  assignee: AssigneeMode;
  user: string | null;
  role: Role | null;
  /**
   * With a role: the property of the item whose people come first ('' for nobody in particular),
   * one of the type's relations to User (types.ts preferableProperties; the server checks it).
   */
  prefer: string;
  /** Days after `dueFrom`, as typed ('' when there is no due rule). */
  dueDays: string;
  /** '' (no due rule), 'start' or a date property of the type the workflow applies to. */
  dueFrom: string;
  rule: 'next' | 'manual';
  /** Kept as stored: the designer does not edit them, and saving must not lose them. */
  sets?: Record<string, unknown>;
}

/** What goes wrong with one step's fields (i18n keys under workflow.errors), by field. */
export type StepErrors = Partial<Record<'label' | 'kind' | 'dueDays' | 'user' | 'role', string>>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A Workflow's stored `steps` as the form's drafts; anything malformed is left out. */
export function draftsOf(steps: unknown): DraftStep[] {
  if (!Array.isArray(steps)) return [];
  return steps.filter(isObject).map((s, i) => {
    const assignee = isObject(s.assignee) ? s.assignee : {};
    const due = isObject(s.due) ? s.due : null;
    const role = (ROLES as readonly unknown[]).includes(assignee.role) ? (assignee.role as Role) : null;
    const user = typeof assignee.user === 'string' ? assignee.user : null;
    return {
      id: typeof s.id === 'string' && s.id ? s.id : `step-${i + 1}`,
      kind: typeof s.kind === 'string' ? s.kind : '',
      label: typeof s.label === 'string' ? s.label : '',
      assignee: user ? 'user' : role ? 'role' : 'none',
      user,
      role,
      prefer: typeof assignee.prefer === 'string' ? assignee.prefer : '',
      dueDays: due && typeof due.days === 'number' ? String(due.days) : '',
      dueFrom: due && typeof due.from === 'string' ? due.from : '',
      rule: s.rule === 'manual' ? 'manual' : 'next',
      ...(isObject(s.sets) ? { sets: s.sets } : {}),
    };
  });
}

/** A step id not yet used: `step-N`, one past the highest taken. */
export function newStepId(taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`step-${n}`)) n += 1;
  return `step-${n}`;
}

export function addStep(steps: readonly DraftStep[], kind: string, label = ''): DraftStep[] {
  const step: DraftStep = {
    id: newStepId(steps.map((s) => s.id)),
    kind,
    label,
    assignee: 'none',
    user: null,
    role: null,
    prefer: '',
    dueDays: '',
    dueFrom: '',
    rule: 'next',
  };
  return [...steps, step];
}

/** Moves the step at `index` by `delta` places; out of range, the list stays as it is. */
export function moveStep(steps: readonly DraftStep[], index: number, delta: number): DraftStep[] {
  const to = index + delta;
  if (index < 0 || index >= steps.length || to < 0 || to >= steps.length) return [...steps];
  const out = [...steps];
  const [moved] = out.splice(index, 1);
  out.splice(to, 0, moved!);
  return out;
}

export function removeStep(steps: readonly DraftStep[], index: number): DraftStep[] {
  return steps.filter((_, i) => i !== index);
}

export function updateStep(
  steps: readonly DraftStep[],
  index: number,
  patch: Partial<DraftStep>,
): DraftStep[] {
  return steps.map((s, i) => (i === index ? { ...s, ...patch } : s));
}

/** The errors of one step, before anything is sent. */
export function stepErrors(s: DraftStep): StepErrors {
  const e: StepErrors = {};
  if (!s.label.trim() || s.label.trim().length > LABEL_MAX) e.label = 'workflow.errors.label';
  if (!s.kind) e.kind = 'workflow.errors.kind';
  if (s.dueFrom) {
    const n = Number(s.dueDays);
    if (s.dueDays.trim() === '' || !Number.isInteger(n) || n < -365 || n > 3650)
      e.dueDays = 'workflow.errors.dueDays';
  }
  if (s.assignee === 'user' && !s.user) e.user = 'workflow.errors.user';
  if (s.assignee === 'role' && !s.role) e.role = 'workflow.errors.role';
  return e;
}

/** The stored form of one step (only what is set). */
export function stepDefOf(s: DraftStep): StepDef {
  const def: StepDef = { id: s.id, kind: s.kind, label: s.label.trim(), rule: s.rule };
  if (s.assignee === 'user' && s.user) def.assignee = { user: s.user };
  // `prefer` only goes with a role: a named person's step has nobody else to prefer.
  if (s.assignee === 'role' && s.role)
    def.assignee = { role: s.role, ...(s.prefer ? { prefer: s.prefer } : {}) };
  if (s.dueFrom && s.dueDays.trim() !== '') def.due = { days: Number(s.dueDays), from: s.dueFrom };
  if (s.sets) def.sets = s.sets;
  return def;
}

/**
 * The `steps` to save, or the errors of each step by index (nothing is sent then).
 */
export function stepDefsOf(
  steps: readonly DraftStep[],
): { ok: true; steps: StepDef[] } | { ok: false; errors: Record<number, StepErrors> } {
  const errors: Record<number, StepErrors> = {};
  steps.forEach((s, i) => {
    const e = stepErrors(s);
    if (Object.keys(e).length) errors[i] = e;
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, steps: steps.map(stepDefOf) };
}

/** Whether the drafts differ from what is stored (the Save button, and leaving with changes). */
export function stepsChanged(stored: unknown, steps: readonly DraftStep[]): boolean {
  return JSON.stringify(draftsOf(stored)) !== JSON.stringify(steps);
}
