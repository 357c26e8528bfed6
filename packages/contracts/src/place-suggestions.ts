import { z } from 'zod';
import { SEARCH_LOCATION_MAX_LENGTH } from './search';

/**
 * GET /api/pcsx/places?query=…: the tenant's own places that match what the candidate is typing in the
 * location field, with typo tolerance ("Lond" → London, "Mancheter" → Manchester), best first (issue 8 §6).
 * `location` is what the field takes: the search's location text for that place.
 */
export const PLACE_SUGGESTIONS_MAX = 6;
/** Typing fewer letters than this asks nothing: every place would match. */
export const PLACE_SUGGESTIONS_MIN_CHARS = 2;

export const PlaceSuggestionsQuerySchema = z.object({
  query: z.string().trim().min(PLACE_SUGGESTIONS_MIN_CHARS).max(SEARCH_LOCATION_MAX_LENGTH),
  domain: z.string().optional(),
});

export const PlaceSuggestionSchema = z.object({
  label: z.string(),
  location: z.string(),
  jobs: z.number().int().nonnegative(),
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestionSchema>;

export const PlaceSuggestionsResponseSchema = z.object({ places: z.array(PlaceSuggestionSchema).max(PLACE_SUGGESTIONS_MAX) });
export type PlaceSuggestionsResponse = z.infer<typeof PlaceSuggestionsResponseSchema>;
