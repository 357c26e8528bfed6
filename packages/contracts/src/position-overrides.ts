import { z } from 'zod';

/**
 * GET /api/pcsx/overrides (spec §7: query position_id, domain; spec §3 Config "overrides"). The tenant
 * config's `pcsxConfig.overrides` holds settings for some positions only, in three layers merged in
 * this order, later winning (objects merge key by key, anything else replaces):
 *   { default: {...}, departments: { "<department>": {...} }, positions: { "<position id>": {...} } }
 * The answer is the merged settings for one position: `{ data: {...} }`, `{}` when nothing applies.
 * `positionDetailsConfig` is the one key the server itself honours (position_insights and
 * match_details answer 404 where it turns them off); other keys pass through for the page.
 */

export const PositionOverridesSchema = z
  .object({
    positionDetailsConfig: z
      .object({ showInsights: z.boolean().optional(), showMatchDetails: z.boolean().optional() })
      .optional(),
  })
  .catchall(z.unknown());
export type PositionOverrides = z.infer<typeof PositionOverridesSchema>;

export const OverridesConfigSchema = z.object({
  default: PositionOverridesSchema.optional(),
  departments: z.record(z.string(), PositionOverridesSchema).optional(),
  positions: z.record(z.string(), PositionOverridesSchema).optional(),
});
export type OverridesConfig = z.infer<typeof OverridesConfigSchema>;

export const OverridesResponseSchema = z.object({ data: PositionOverridesSchema });
export type OverridesResponse = z.infer<typeof OverridesResponseSchema>;
