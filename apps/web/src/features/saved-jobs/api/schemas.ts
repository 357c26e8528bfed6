/** The saved-jobs response schemas, in a chunk of their own with zod (lib/http.ts lazySchema). */
export { SavePositionResponseSchema, SavedPositionsResponseSchema } from '@careers/contracts';
