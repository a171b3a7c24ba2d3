import { roleRank, type Role } from '../../../../protocol/access-levels';
import { nextStepStates } from '../../transitions';
import { STEP_STATES, type StepInstance, type StepState, type WorkflowInstance } from '../../types';

// The workflow panel's pure parts: reading `_wf` defensively, the moves a step offers (the one
// transition table, ../../transitions.ts), due dates, and who sees the force menu.

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The item's `_wf` as an instance, or null when it has none (or it is not one). */
export function instanceOf(wf: unknown): WorkflowInstance | null {
  if (!isObject(wf) || !Array.isArray(wf.steps)) return null;
  const steps: StepInstance[] = wf.steps.filter(isObject).flatMap((s) => {
    const id = str(s.id);
    const state = (STEP_STATES as readonly unknown[]).includes(s.state) ? (s.state as StepState) : null;
    if (!id || !state) return [];
    return [
      {
        ...(s as unknown as StepInstance),
        id,
        state,
        kind: str(s.kind) ?? '',
        label: str(s.label) ?? id,
        assignedTo: str(s.assignedTo),
        dueDate: str(s.dueDate),
        startedAt: str(s.startedAt),
        completedBy: str(s.completedBy),
        completedAt: str(s.completedAt),
      },
    ];
  });
  return {
    workflow: str(wf.workflow),
    version: typeof wf.version === 'number' ? wf.version : null,
    steps,
  };
}

/** One move a step offers: the state it goes to and the words of its button. */
export interface StepMove {
  to: StepState;
  labelKey: string;
}

/**
 * The moves the transition table allows from the step's state, worded for what they mean:
 * going ACTIVE starts a step (reopens it after COMPLETE), COMPLETE completes it, and so on.
 */
export function stepMoves(from: StepState): StepMove[] {
  return nextStepStates(from).map((to) => ({ to, labelKey: moveLabelKey(from, to) }));
}

function moveLabelKey(from: StepState, to: StepState): string {
  switch (to) {
    case 'ACTIVE':
      return from === 'COMPLETE' ? 'workflow.moves.reopen' : 'workflow.moves.start';
    case 'COMPLETE':
      return 'workflow.moves.complete';
    case 'SKIP':
      return 'workflow.moves.skip';
    case 'PENDING':
      return from === 'SKIP'
        ? 'workflow.moves.unskip'
        : from === 'BLANK'
          ? 'workflow.moves.queue'
          : 'workflow.moves.pending';
    case 'BLANK':
      return 'workflow.moves.reset';
  }
}

/** MUI's palette name for a step state's chip (theme colours only). */
export function stateColor(state: StepState): 'default' | 'info' | 'primary' | 'success' | 'warning' {
  switch (state) {
    case 'PENDING':
      return 'info';
    case 'ACTIVE':
      return 'primary';
    case 'COMPLETE':
      return 'success';
    case 'SKIP':
      return 'warning';
    default:
      return 'default';
  }
}

/** A step somebody still has to do: its due date counts. */
export function isOpen(state: StepState): boolean {
  return state === 'ACTIVE' || state === 'PENDING';
}

/** Today as YYYY-MM-DD in the reader's own time zone (due dates are calendar days). */
export function todayIso(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/**
 * How a step's due date stands: overdue (past, still open), today (due today, still open), or
 * plain (in the future, or the step is done with). Null without a due date.
 */
export function dueStatus(
  step: Pick<StepInstance, 'dueDate' | 'state'>,
  today: string,
): 'overdue' | 'today' | 'plain' | null {
  if (!step.dueDate) return null;
  if (!isOpen(step.state)) return 'plain';
  const due = step.dueDate.slice(0, 10);
  if (due < today) return 'overdue';
  if (due === today) return 'today';
  return 'plain';
}

/** The users of the instance worth a label (assignees and those who completed steps). */
export function peopleOf(wf: WorkflowInstance | null): string[] {
  if (!wf) return [];
  const ids = wf.steps.flatMap((s) => [s.assignedTo, s.completedBy]).filter((x): x is string => !!x);
  return [...new Set(ids)].filter((id) => id.startsWith('User-'));
}

/** Initials for an avatar: of the first and last words of the name. */
export function initials(name: string): string {
  const words = name
    .replace(/[@.].*$/, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/**
 * The force acts (a step's state outside the table, the workflow's state, apply steps, clear)
 * are for the owner's editors and orgAdmins, and admins (the server decides; this hides them).
 */
export function mayForce(
  user: { admin: boolean; memberships?: readonly { org: string; roles: readonly string[] }[] } | null,
  owner: string | null,
): boolean {
  if (!user) return false;
  if (user.admin) return true;
  return !!owner && holdsRoleIn(user, owner, 'editor');
}

/** Whether the user holds `min` or a higher role in the organisation. */
export function holdsRoleIn(
  user: { memberships?: readonly { org: string; roles: readonly string[] }[] } | null,
  org: string,
  min: Role,
): boolean {
  const m = user?.memberships?.find((x) => x.org === org);
  // An unknown role name ranks -1: below every role.
  return !!m?.roles.some((r) => roleRank(r as Role) >= roleRank(min));
}

/**
 * Whether the user may take an open, unassigned step (wfTakeStep): they hold its role (its
 * default role, the one nobody held, else staff) or higher in the item's owner. The server decides.
 */
export function mayTakeStep(
  user: { $id?: string; memberships?: readonly { org: string; roles: readonly string[] }[] } | null,
  owner: string | null,
  step: Pick<StepInstance, 'state' | 'assignedTo' | 'assignee' | 'roleUnfilled'>,
): boolean {
  if (!user || !owner || step.assignedTo) return false;
  if (step.state !== 'ACTIVE' && step.state !== 'PENDING') return false;
  return holdsRoleIn(user, owner, step.assignee?.role ?? step.roleUnfilled ?? 'staff');
}
