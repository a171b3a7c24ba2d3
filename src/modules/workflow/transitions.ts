import type { StepState } from './types';

// The one transition table of step states (spec capability-modules §4 "Workflow engine"), shared
// by both halves: the server refuses a move outside it (errors.wfTransition) and the client's
// panel offers only the moves it allows. The force act (wfForceStepState) is the one way around
// it, for editors and orgAdmins of the item's owner.
//
//   BLANK     not reached yet       → PENDING, ACTIVE, SKIP
//   PENDING   next in line          → ACTIVE, SKIP, BLANK
//   ACTIVE    being worked          → COMPLETE, SKIP, PENDING
//   COMPLETE  done                  → ACTIVE (reopened)
//   SKIP      passed over           → PENDING, ACTIVE
//
// COMPLETE is reached only from ACTIVE, so a step's kind checks (`canComplete`) always run on a
// step somebody started.

export const STEP_TRANSITIONS: Readonly<Record<StepState, readonly StepState[]>> = {
  BLANK: ['PENDING', 'ACTIVE', 'SKIP'],
  PENDING: ['ACTIVE', 'SKIP', 'BLANK'],
  ACTIVE: ['COMPLETE', 'SKIP', 'PENDING'],
  COMPLETE: ['ACTIVE'],
  SKIP: ['PENDING', 'ACTIVE'],
};

/** Whether the table allows moving a step from `from` to `to` (staying put is no move). */
export function canMoveStep(from: StepState, to: StepState): boolean {
  return STEP_TRANSITIONS[from].includes(to);
}

/** The states a step in `from` may move to: what the panel offers. */
export function nextStepStates(from: StepState): readonly StepState[] {
  return STEP_TRANSITIONS[from];
}

/** A step that is finished with: the one after it may start. */
export function isStepDone(state: StepState): boolean {
  return state === 'COMPLETE' || state === 'SKIP';
}

/** A step that is someone's to do: its assignee appears in `_wf.$assigned`. */
export function isStepOpen(state: StepState): boolean {
  return state === 'ACTIVE' || state === 'PENDING';
}
