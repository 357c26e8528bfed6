import { z } from 'zod';

/**
 * GET /api/pcsx/position_insights (spec §3 "Position insights: insights", §7). Every figure is derived
 * from stored rows (issue 3: "not invented at random"); an insight without enough data is left out
 * rather than shown as zero.
 */

export const InsightSchema = z.discriminatedUnion('type', [
  /** Positions in the same department (open and closed): how big the hiring team's group is. */
  z.object({ type: z.literal('team_size'), department: z.string(), positions: z.number().int().positive() }),
  /** Applications per week for this position, oldest week first, and which way they move. */
  z.object({
    type: z.literal('applicants_trend'),
    weeks: z.array(z.object({ weekStart: z.iso.date(), count: z.number().int().nonnegative() })),
    direction: z.enum(['rising', 'steady', 'falling']),
  }),
  /** Median days from application to hire in the department, over `sampleSize` hires. */
  z.object({
    type: z.literal('time_to_hire'),
    medianDays: z.number().nonnegative(),
    sampleSize: z.number().int().positive(),
  }),
  /** How long the position has been open, in whole days. */
  z.object({ type: z.literal('days_open'), days: z.number().int().nonnegative() }),
]);
export type Insight = z.infer<typeof InsightSchema>;

export const PositionInsightsSchema = z.object({ insights: z.array(InsightSchema) });
export type PositionInsights = z.infer<typeof PositionInsightsSchema>;
