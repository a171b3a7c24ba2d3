import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { TaskStarted } from '../../kernel/task-started';

// The spatial acts of the impact overlay of a response (RWF_SPATIAL; docs/spatial-overlay.md).
// One file per part of the module so each part's contract reads on its own; contract.ts joins them.

const ResponseId = z.string().regex(/^ConsultResponse-[1-9][0-9]*$/, 'a ConsultResponse id');
const ReportId = z.string().regex(/^SpatialImpactReport-[1-9][0-9]*$/, 'a SpatialImpactReport id');

/** The largest buffer: 50 km, wider than any referral's area of interest. */
export const OVERLAY_MAX_BUFFER = 50_000;

/** The body of spOverlayRun (what the task is started with, and runs with). */
export const OverlayRunBody = z.strictObject({
  response: ResponseId,
  buffer: z.number().int().min(0).max(OVERLAY_MAX_BUFFER),
  step: z.string().min(1).max(100).optional(),
});

export const overlayActs = defineActs({
  /**
   * Sends the report's redacted summary (counts by spatial type, the buffer) to the proponent as
   * a message in a thread they read. Never a name, a shape, a place or an id.
   */
  spOverlayShare: {
    body: z.strictObject({ report: ReportId }),
    reply: z.strictObject({ thread: z.string(), message: z.string() }),
  },
});

export const overlayAsyncActs = defineActs(
  {
    /**
     * A background task (act/spOverlayRun/async, issue 36): runs the overlay of the response's
     * consultation's project area, grown by `buffer` metres, against the community's places, and
     * stores it as a SpatialImpactReport of the response (the Task's `keyItem`). With `step` (an
     * ACTIVE RWF_SPATIAL step of the response), the step is then completed, as the starter.
     */
    spOverlayRun: { body: OverlayRunBody, reply: TaskStarted },
  },
  { async: true },
);
