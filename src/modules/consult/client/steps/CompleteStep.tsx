import { CompleteStepButton, type StepPanelProps } from '../../../../client/module-api';
import { refusalKey } from './step-model';

/**
 * Completes a consult step. The server runs the kind's check (an assignee, an outcome, a sent
 * thread, a meeting); a refusal is said in consult's words (step-model's refusalKey).
 */
export function CompleteStep(props: Pick<StepPanelProps, 'item' | 'step'> & { disabled?: boolean }) {
  return (
    <CompleteStepButton
      {...props}
      labelKey="consult.step.complete"
      doneKey="consult.step.completed"
      refusalKey={refusalKey}
    />
  );
}
