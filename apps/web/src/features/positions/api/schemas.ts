/**
 * The response schemas of the job calls, in a chunk of their own with zod: loaded with the first call
 * (lib/http.ts lazySchema), not with the job page or the search page's job pane.
 */
export { MatchDetailsResponseSchema, OverridesResponseSchema, PositionDetailsResponseSchema, PositionInsightsSchema } from '@careers/contracts';
