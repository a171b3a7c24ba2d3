import { CompleteStepButton, type StepPanelProps } from '../../../../client/module-api';
import { refusalKey } from './fieldwork-model';

/**
 * Completes a fieldwork step. The server runs the kind's check; a refusal names the missing
 * field, said here in words (fieldwork-model's refusalKey).
 */
export function CompleteFieldworkStep(props: Pick<StepPanelProps, 'item' | 'step'> & { disabled?: boolean }) {
  return (
    <CompleteStepButton
      {...props}
      labelKey="geokeeper.fieldwork.complete"
      doneKey="geokeeper.fieldwork.completed"
      refusalKey={refusalKey}
    />
  );
}
