import { actsOf, AppError, type ServerModule } from '../../../server/module-api';
import { workflowActs } from '../contract';

// SKELETON (replaced by the engine's work before this lands): every act refuses.
const refuse = () => Promise.reject(new AppError('generalFailure', 'workflow engine not built yet'));

/** The workflow engine's server half. */
export const server: ServerModule = {
  id: 'workflow',
  acts: actsOf(workflowActs, {
    wfSet: refuse,
    wfSetStepState: refuse,
    wfApplyStepProps: refuse,
    wfStartManual: refuse,
    wfForceState: refuse,
    wfClear: refuse,
    wfApplySteps: refuse,
    wfAddStep: refuse,
    wfAssignStep: refuse,
    wfSetStepDue: refuse,
    wfForceStepState: refuse,
    wfStepKinds: refuse,
  }),
};
