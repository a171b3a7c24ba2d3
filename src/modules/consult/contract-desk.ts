import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { ChartSeriesReply } from '../../kernel/chart-series-reply';

// The desk's chart (issue 16; server/desk-chart.ts), counted as the caller may read.
export const deskActs = defineActs({
  /** Referrals received and answered per month (12 months) and the median days to respond. */
  cnsDeskChart: { body: z.strictObject({}), reply: ChartSeriesReply },
});
