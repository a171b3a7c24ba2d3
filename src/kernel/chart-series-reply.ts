import { z } from 'zod';
import type { ChartSeries } from './dashboard';

/**
 * The reply schema of a module's chart act (dashboard.ts `ChartSeries`, drawn by a series chart
 * card): one for every module's chart, in a file of its own so zod stays out of dashboard.ts
 * (the start-up bundle's).
 */
export const ChartSeriesReply = z.strictObject({
  categories: z.array(z.string()),
  categoryHeadingKey: z.string().optional(),
  categoryLabelKeys: z.record(z.string(), z.string()).optional(),
  format: z.literal('money').optional(),
  series: z.array(
    z.strictObject({
      key: z.string(),
      labelKey: z.string(),
      values: z.array(z.number().nullable()),
      kind: z.enum(['bar', 'line']).optional(),
    }),
  ),
  summary: z
    .array(
      z.strictObject({
        key: z.string(),
        labelKey: z.string(),
        value: z.number().nullable(),
        format: z.literal('money').optional(),
      }),
    )
    .optional(),
}) satisfies z.ZodType<ChartSeries>;
