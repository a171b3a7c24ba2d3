import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { ChartSeriesReply } from '../../kernel/chart-series-reply';

// The research module's acts. The dashboard's activity chart (server/activity-chart.ts), counted
// as the caller may read.
export const researchActs = defineActs({
  /** Interviews held and data points coded per month, over the twelve months up to the latest. */
  resActivityChart: { body: z.strictObject({}), reply: ChartSeriesReply },
});
