/**
 * The profile's response schemas, loaded with the first answer they check (lib/lazy-schema.ts): the profile
 * page's first answers are inlined by the server, so its load carries no zod.
 */
export { ProfileAnalysisResponseSchema, ProfileDetailsResponseSchema } from '@careers/contracts';
