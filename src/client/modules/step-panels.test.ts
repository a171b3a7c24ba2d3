import { describe, expect, it } from 'vitest';
import { defineClientModule } from '../module-api';
import { stepPanelsOf } from './step-panels';

const Outcome = () => null;
const Confirm = () => null;

describe('step panels as registrations', () => {
  it('collects the panels of every loaded half by kind', () => {
    const panels = stepPanelsOf([
      defineClientModule({ id: 'workflow', stepPanels: { WKF_CONFIRM: Confirm } }),
      defineClientModule({ id: 'core' }),
      defineClientModule({ id: 'consult', stepPanels: { RWF_OUTCOME: Outcome } }),
    ]);
    expect([...panels.keys()]).toEqual(['WKF_CONFIRM', 'RWF_OUTCOME']);
    expect(panels.get('RWF_OUTCOME')).toBe(Outcome);
    expect(panels.get('RWF_SIMPLE')).toBeUndefined();
  });

  it('refuses a kind whose panel two halves register', () => {
    const modules = [
      defineClientModule({ id: 'consult', stepPanels: { RWF_OUTCOME: Outcome } }),
      defineClientModule({ id: 'other', stepPanels: { RWF_OUTCOME: Confirm } }),
    ];
    expect(() => stepPanelsOf(modules)).toThrow('step panel RWF_OUTCOME already registered');
  });
});
