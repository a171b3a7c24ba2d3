import { describe, expect, it } from 'vitest';
import { preferableProperties } from '../../types';
import {
  addStep,
  draftsOf,
  moveStep,
  newStepId,
  removeStep,
  stepDefsOf,
  stepsChanged,
  updateStep,
  type DraftStep,
} from './designer-model';

const three = (): DraftStep[] => {
  let s = addStep([], 'WKF_CONFIRM', 'Review');
  s = addStep(s, 'WKF_CONFIRM', 'Decide');
  return addStep(s, 'WKF_CONFIRM', 'Answer');
};

describe('the designer’s steps', () => {
  it('gives each new step an id not yet taken', () => {
    expect(newStepId([])).toBe('step-1');
    expect(newStepId(['step-1', 'step-2'])).toBe('step-3');
    // After a removal the count would repeat an id that is still there.
    expect(newStepId(['step-2'])).toBe('step-3');
    const s = removeStep(three(), 0);
    expect(addStep(s, 'WKF_CONFIRM').at(-1)!.id).toBe('step-4');
  });

  it('moves a step up and down, and not past either end', () => {
    const s = three();
    expect(moveStep(s, 2, -1).map((x) => x.label)).toEqual(['Review', 'Answer', 'Decide']);
    expect(moveStep(s, 0, 1).map((x) => x.label)).toEqual(['Decide', 'Review', 'Answer']);
    expect(moveStep(s, 0, -1).map((x) => x.label)).toEqual(['Review', 'Decide', 'Answer']);
    expect(moveStep(s, 2, 1).map((x) => x.label)).toEqual(['Review', 'Decide', 'Answer']);
    // The ids travel with the steps: instances name steps by them.
    expect(moveStep(s, 2, -2).map((x) => x.id)).toEqual(['step-3', 'step-1', 'step-2']);
  });

  it('saves only what is set, and keeps the steps’ `sets`', () => {
    let s = three();
    s = updateStep(s, 0, { assignee: 'role', role: 'staff', dueFrom: 'start', dueDays: '5' });
    s = updateStep(s, 1, {
      assignee: 'user',
      user: 'User-7',
      rule: 'manual',
      dueFrom: 'dueDate',
      dueDays: '-2',
    });
    s = [...s.slice(0, 2), { ...s[2]!, sets: { outcome: 'DONE' } }];
    const got = stepDefsOf(s);
    expect(got).toEqual({
      ok: true,
      steps: [
        {
          id: 'step-1',
          kind: 'WKF_CONFIRM',
          label: 'Review',
          rule: 'next',
          assignee: { role: 'staff' },
          due: { days: 5, from: 'start' },
        },
        {
          id: 'step-2',
          kind: 'WKF_CONFIRM',
          label: 'Decide',
          rule: 'manual',
          assignee: { user: 'User-7' },
          due: { days: -2, from: 'dueDate' },
        },
        { id: 'step-3', kind: 'WKF_CONFIRM', label: 'Answer', rule: 'next', sets: { outcome: 'DONE' } },
      ],
    });
    // What was saved reads back as the same drafts.
    if (got.ok) {
      expect(draftsOf(got.steps)).toEqual(s);
      expect(stepsChanged(got.steps, s)).toBe(false);
      expect(stepsChanged(got.steps, moveStep(s, 1, 1))).toBe(true);
    }
  });

  it('refuses to send steps with a missing label, kind, due days or assignee', () => {
    let s = three();
    s = updateStep(s, 0, { label: '  ' });
    s = updateStep(s, 1, { dueFrom: 'start', dueDays: 'soon', assignee: 'user' });
    s = updateStep(s, 2, { kind: '', assignee: 'role' });
    expect(stepDefsOf(s)).toEqual({
      ok: false,
      errors: {
        0: { label: 'workflow.errors.label' },
        1: { dueDays: 'workflow.errors.dueDays', user: 'workflow.errors.user' },
        2: { kind: 'workflow.errors.kind', role: 'workflow.errors.role' },
      },
    });
    expect(stepDefsOf(updateStep(three(), 0, { dueFrom: 'start', dueDays: '4000' })).ok).toBe(false);
    expect(stepDefsOf(updateStep(three(), 0, { label: 'x'.repeat(201) })).ok).toBe(false);
  });

  it('reads stored steps defensively', () => {
    expect(draftsOf(null)).toEqual([]);
    expect(draftsOf([null, 3, { kind: 'WKF_CONFIRM', label: 'A', assignee: { role: 'root' } }])).toEqual([
      {
        id: 'step-1',
        kind: 'WKF_CONFIRM',
        label: 'A',
        assignee: 'none',
        user: null,
        role: null,
        prefer: '',
        dueDays: '',
        dueFrom: '',
        rule: 'next',
      },
    ]);
  });

  it('saves the people a role step prefers with its role only, and reads them back', () => {
    let s = three();
    s = updateStep(s, 0, { assignee: 'role', role: 'editor', prefer: 'internalContacts' });
    // Left over from a role before the mode changed: a named person's step prefers nobody.
    s = updateStep(s, 1, { assignee: 'user', user: 'User-7', role: 'staff', prefer: 'internalContacts' });
    s = updateStep(s, 2, { assignee: 'role', role: 'staff' });
    const got = stepDefsOf(s);
    expect(got.ok && got.steps.map((x) => x.assignee)).toEqual([
      { role: 'editor', prefer: 'internalContacts' },
      { user: 'User-7' },
      { role: 'staff' },
    ]);
    if (got.ok) expect(draftsOf(got.steps).map((d) => d.prefer)).toEqual(['internalContacts', '', '']);
  });

  it('offers to prefer people from the type’s relations to User only', () => {
    expect(
      preferableProperties({
        internalContacts: { kind: 'relation', types: ['User'], list: true },
        lead: { kind: 'relation', types: ['User'] },
        primaryContacts: { kind: 'relation', types: ['Contact'], list: true },
        people: { kind: 'relation', types: ['User', 'Contact'] },
        anything: { kind: 'relation', types: ['*'] },
        anticipatedResponse: { kind: 'date' },
        '_wf.$assigned': { kind: 'relation', types: ['User'], list: true },
      }),
    ).toEqual(['internalContacts', 'lead']);
  });
});
