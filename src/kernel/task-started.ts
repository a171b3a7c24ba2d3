import { z } from 'zod';

/**
 * The reply of act/{action}/async: the Task just created. One schema for every module's async
 * acts (core's zip and CSV, spatial's GIS files, research's GEDCOM), in a file of its own as
 * chart-series-reply.ts is.
 */
export const TaskStarted = z.strictObject({
  key: z.string(),
  started: z.string(),
  percentageComplete: z.number(),
  $id: z.string(),
});
