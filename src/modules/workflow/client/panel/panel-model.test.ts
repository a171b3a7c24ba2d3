import { describe, expect, it } from 'vitest';
import { canMoveStep } from '../../transitions';
import { STEP_STATES } from '../../types';
import { dueStatus, initials, instanceOf, mayForce, peopleOf, stepMoves, todayIso } from './panel-model';

describe('the workflow panel', () => {
  it('offers exactly the moves of the transition table, worded for what they do', () => {
    for (const from of STEP_STATES)
      for (const m of stepMoves(from)) expect(canMoveStep(from, m.to), `${from}→${m.to}`).toBe(true);
    const words = (from: (typeof STEP_STATES)[number]) => stepMoves(from).map((m) => m.labelKey);
    expect(words('ACTIVE')).toContain('workflow.moves.complete');
    expect(words('ACTIVE')).toContain('workflow.moves.skip');
    expect(words('COMPLETE')).toEqual(['workflow.moves.reopen']);
    expect(words('PENDING')).toContain('workflow.moves.start');
    expect(words('SKIP')).toContain('workflow.moves.unskip');
    // Nothing completes a step that was never started.
    expect(stepMoves('PENDING').map((m) => m.to)).not.toContain('COMPLETE');
    expect(stepMoves('BLANK').map((m) => m.to)).not.toContain('COMPLETE');
  });

  it('reads `_wf` defensively', () => {
    expect(instanceOf(null)).toBeNull();
    expect(instanceOf({ steps: 'x' })).toBeNull();
    const wf = instanceOf({
      workflow: 'Workflow-1',
      version: 2,
      steps: [{ id: 'a', kind: 'WKF_CONFIRM', label: 'A', state: 'ACTIVE' }, { id: 'b', state: 'DONE' }, 7],
    });
    expect(wf?.workflow).toBe('Workflow-1');
    expect(wf?.steps.map((s) => [s.id, s.state, s.assignedTo, s.dueDate])).toEqual([
      ['a', 'ACTIVE', null, null],
    ]);
  });

  it('calls an open step past its due date overdue, and a done one never', () => {
    const today = '2026-11-24';
    expect(dueStatus({ dueDate: '2026-11-23', state: 'ACTIVE' }, today)).toBe('overdue');
    expect(dueStatus({ dueDate: '2026-11-23', state: 'PENDING' }, today)).toBe('overdue');
    expect(dueStatus({ dueDate: '2026-11-24', state: 'ACTIVE' }, today)).toBe('today');
    expect(dueStatus({ dueDate: '2026-11-25', state: 'ACTIVE' }, today)).toBe('plain');
    expect(dueStatus({ dueDate: '2026-11-01', state: 'COMPLETE' }, today)).toBe('plain');
    expect(dueStatus({ dueDate: '2026-11-01', state: 'SKIP' }, today)).toBe('plain');
    expect(dueStatus({ dueDate: null, state: 'ACTIVE' }, today)).toBeNull();
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('shows the force menu to the owner’s editors and orgAdmins, and admins', () => {
    const m = (roles: string[]) => ({ admin: false, memberships: [{ org: 'Organization-1', roles }] });
    expect(mayForce(m(['editor']), 'Organization-1')).toBe(true);
    expect(mayForce(m(['orgAdmin']), 'Organization-1')).toBe(true);
    expect(mayForce(m(['staff']), 'Organization-1')).toBe(false);
    expect(mayForce(m(['editor']), 'Organization-2')).toBe(false);
    expect(mayForce({ admin: true }, null)).toBe(true);
    expect(mayForce(null, 'Organization-1')).toBe(false);
  });

  it('names the people of the steps once, and their initials', () => {
    const wf = instanceOf({
      workflow: null,
      version: null,
      steps: [
        { id: 'a', state: 'COMPLETE', assignedTo: 'User-2', completedBy: 'User-3' },
        { id: 'b', state: 'ACTIVE', assignedTo: 'User-2' },
      ],
    });
    expect(peopleOf(wf)).toEqual(['User-2', 'User-3']);
    expect(initials('Ada Lovelace King')).toBe('AK');
    expect(initials('ada@example.org')).toBe('A');
    expect(initials('')).toBe('?');
  });
});
