import type { ActHandlers, StepKindHandler } from '../../../../server/module-api';
import type { overlayActs } from '../../contract-overlay';

// The impact overlay (contract-overlay.ts) and the RWF_SPATIAL step kind it completes.
export const overlayHandlers: ActHandlers<typeof overlayActs> = {};
export const rwfSpatial: StepKindHandler = {};
