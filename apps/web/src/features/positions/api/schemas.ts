/**
 * The positions' response schemas, loaded with the first answer they check (lib/lazy-schema.ts): a job
 * page's first answers are inlined by the server, so its load carries no zod.
 */
export { MatchDetailsResponseSchema, OverridesResponseSchema, PositionDetailsResponseSchema, PositionInsightsSchema } from '@careers/contracts';
