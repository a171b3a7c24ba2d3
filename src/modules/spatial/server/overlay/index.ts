import type { ActHandlers, AsyncAction, StepKindHandler } from '../../../../server/module-api';
import { AppError, asyncActionsOf } from '../../../../server/module-api';
import { overlayAsyncActs, type overlayActs } from '../../contract-overlay';
import { hasReport } from './run';
import { spOverlayRun } from './run-task';
import { spOverlayShare } from './share';

// The impact overlay (contract-overlay.ts; docs/spatial-overlay.md) and the RWF_SPATIAL step kind it completes.
export const overlayHandlers: ActHandlers<typeof overlayActs> = { spOverlayShare };
/** spOverlayRun is a background task (run-task.ts). */
export const overlayAsyncActions: Record<string, AsyncAction> = asyncActionsOf(overlayAsyncActs, {
  spOverlayRun,
});

/** RWF_SPATIAL: completes once the response has an impact report (the spOverlayRun task stores it, then completes the step). */
export const rwfSpatial: StepKindHandler = {
  adHoc: true,
  async canComplete(ctx) {
    if (!(await hasReport(ctx.tx, ctx.item.id)))
      throw new AppError('invalidInput', 'run the impact overlay first', {
        fields: [{ path: 'report', key: 'errors.required' }],
      });
  },
};
