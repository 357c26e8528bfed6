/** The saved jobs' response schemas, loaded with the first answer they check (lib/lazy-schema.ts). */
export { SavedPositionsResponseSchema, SavePositionResponseSchema } from '@careers/contracts';
