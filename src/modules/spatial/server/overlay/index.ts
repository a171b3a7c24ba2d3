import type { ActHandlers, StepKindHandler } from '../../../../server/module-api';
import { AppError } from '../../../../server/module-api';
import type { overlayActs } from '../../contract-overlay';
import { hasReport, spOverlayRun } from './run';
import { spOverlayShare } from './share';

// The impact overlay (contract-overlay.ts; docs/spatial-overlay.md) and the RWF_SPATIAL step kind it completes.
export const overlayHandlers: ActHandlers<typeof overlayActs> = { spOverlayRun, spOverlayShare };

/** RWF_SPATIAL: completes once the response has an impact report (spOverlayRun stores it, then completes the step). */
export const rwfSpatial: StepKindHandler = {
  adHoc: true,
  async canComplete(ctx) {
    if (!(await hasReport(ctx.tx, ctx.item.id)))
      throw new AppError('invalidInput', 'run the impact overlay first', {
        fields: [{ path: 'report', key: 'errors.required' }],
      });
  },
};
