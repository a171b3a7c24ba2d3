import { z } from 'zod';
import { defineActs } from '../../kernel/act-contract';
import { ChartSeriesReply } from '../../kernel/chart-series-reply';

// The desk's charts (issue 16, 37; server/desk-chart.ts, server/costs/cost-chart.ts), counted as
// the caller may read.
export const deskActs = defineActs({
  /** Referrals received and answered per month (12 months) and the median days to respond. */
  cnsDeskChart: { body: z.strictObject({}), reply: ChartSeriesReply },
  /**
   * The review costs over the last 12 months (server/costs/cost-chart.ts): logged time at the
   * community's rates and expenses at cost, in cents, per month or per proponent.
   */
  cnsCostChart: { body: z.strictObject({ by: z.enum(['month', 'proponent']) }), reply: ChartSeriesReply },
});
