import type { ActHandlers, CommittedListener } from '../../../../server/module-api';
import type { fieldworkActs } from '../../contract-fieldwork';
import { completeResponseStep } from './completion';
import { gkfStartFromResponse } from './start';
import { gkfSendThread } from './threads';

// Fieldwork jobs (docs/geokeeper.md "Fieldwork jobs"): the acts, the step kinds, the listener that
// completes a response's RWF_FIELDWORK step when its job is done.
export { fieldworkStepKinds } from './step-kinds';
export { fieldworkSteps, FIELDWORK_WORKFLOW } from './default-workflow';

export const fieldworkHandlers: ActHandlers<typeof fieldworkActs> = { gkfSendThread, gkfStartFromResponse };

export const fieldworkListeners: Readonly<Record<string, CommittedListener>> = {
  GeoKeeperFieldwork: completeResponseStep,
};
